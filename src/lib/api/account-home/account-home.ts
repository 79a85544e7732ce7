import { z } from '../../zod.ts';
import { http } from '../http.ts';
import { call } from '../call.ts';
import {
  PAGINATION_HEADER,
  PAGE_SIZE,
  addressesSchema,
  claimCasesSchema,
  claimPackageSchema,
  messageSchema,
  messagesPageSchema,
  packagesSchema,
  paginationSchema,
  requestSchema,
  requestsSchema,
  serviceActivateResponseSchema,
  updateStatusResponseSchema,
  type Address,
  type ClaimPackage,
  type CustomerRequest,
  type Message,
  type MessagesPage,
  type Package,
  type Pagination,
  type RequestSearch,
  type SaveRequest,
} from './contract.ts';

export interface Paged<T> {
  data: T;
  pagination: Pagination;
}

/** A call whose answer is paged by the X-Pagination header. */
async function paged<S extends z.ZodMiniType>(schema: S, request: () => Promise<Response>): Promise<Paged<z.infer<S>>> {
  let header: string | null = null;
  const data = await call(schema, async () => {
    const response = await request();
    header = response.headers.get(PAGINATION_HEADER);
    return response;
  });
  let parsed: unknown;
  try {
    parsed = header ? JSON.parse(header) : null;
  } catch {
    parsed = null;
  }
  const pagination = paginationSchema.safeParse(parsed);
  return {
    data,
    pagination: pagination.success
      ? pagination.data
      : { TotalCount: 0, PageSize: PAGE_SIZE, CurrentPage: 0, TotalPages: 0 },
  };
}

const page = (pageIndex: number) => ({ searchParams: { pageIndex, pageSize: PAGE_SIZE } });

export function getAddresses(guid: string): Promise<Address[]> {
  return call(addressesSchema, () => http.get(`v1/account/${guid}/ShippingAddresses/`));
}

export function setAddressService(guid: string, addressId: number, code: string, value: boolean): Promise<Address> {
  return call(serviceActivateResponseSchema, () =>
    http.post(`v1/account/${guid}/ShippingAddresses/${addressId}/Services/${code}/Activate/${String(value)}`, {
      retry: 0,
    }),
  );
}

export function getPackages(guid: string, pageIndex: number): Promise<Paged<Package[]>> {
  return paged(packagesSchema, () => http.get(`customers/${guid}/packages/getAllPackages`, page(pageIndex)));
}

export function getMessages(guid: string, pageIndex: number): Promise<Paged<MessagesPage>> {
  return paged(messagesPageSchema, () => http.get(`customers/${guid}/messages`, page(pageIndex)));
}

export function getMessage(guid: string, messageGuid: string): Promise<Message> {
  return call(messageSchema, () => http.get(`customers/${guid}/messages/${messageGuid}`));
}

export async function deleteMessage(guid: string, messageGuid: string): Promise<void> {
  await call(
    // 204: no body.
    z.optional(messageSchema),
    () => http.delete(`customers/${guid}/messages/${messageGuid}`, { retry: 0 }),
  );
}

export function searchRequests(guid: string, search: RequestSearch): Promise<Paged<CustomerRequest[]>> {
  return paged(requestsSchema, () => http.post(`account/${guid}/requests/search`, { json: search }));
}

export function getRequest(guid: string, id: number): Promise<CustomerRequest> {
  return call(requestSchema, () => http.get(`account/${guid}/requests/${id}`));
}

export function saveRequest(guid: string, body: SaveRequest): Promise<CustomerRequest> {
  return call(requestSchema, () => http.post(`account/${guid}/requests`, { json: body, retry: 0 }));
}

export function attachFiles(guid: string, id: number, files: readonly File[]): Promise<CustomerRequest> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return call(requestSchema, () =>
    http.post(`account/${guid}/requests/${id}/attachFiles`, { body, retry: 0, timeout: 60_000 }),
  );
}

export function getClaimCases(): Promise<CustomerRequest[]> {
  return call(claimCasesSchema, () => http.get('account/GetClaimMyPackagesGcsCases'));
}

export function findClaimPackage(originEntity: string, foreignAwb: string): Promise<ClaimPackage> {
  return call(claimPackageSchema, () =>
    http.get(`tracking//${encodeURIComponent(originEntity)}/GetByShipmentByFAWB/${encodeURIComponent(foreignAwb)}`),
  );
}

export function updatePackageStatus(packageId: number, mailboxId: string) {
  return call(updateStatusResponseSchema, () =>
    http.post(`tracking//${packageId}/updateStatus/${encodeURIComponent(mailboxId)}`, { retry: 0 }),
  );
}
