/**
 * The customer's mailbox addresses and their service toggles (spec 2 §7 v1 account: ShippingAddresses). The
 * mailbox's name comes in the language asked for; the postal address as the warehouse prints it.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Lang } from '../../../src/i18n/languages.ts';
import { addresses, countries } from '../../db/schema.ts';
import { warehouseName } from '../../mailboxes/warehouses.ts';
import type { ApiRouter } from '../router.ts';
import { invalid, notFound } from '../http-errors.ts';
import { brandLang } from '../users/link-mail.ts';
import { existingRowId } from './paging.ts';
import {
  SERVICE_CODES,
  getAddresses,
  serviceCodeSchema,
  setAddressService,
  type Address,
} from '../../../src/lib/api/account-home/contract.ts';

type AddressRow = typeof addresses.$inferSelect;

const KNOWN_CODES: readonly string[] = SERVICE_CODES;

/**
 * The address as the site shows it: `alias` in `lang` (as stored when it is no warehouse's), `country` the English
 * name, `usMailbox` the name before the '/'.
 */
export function toAddress(row: AddressRow, countryName: string | null, lang: Lang): Address {
  return {
    id: row.id,
    alias: warehouseName(row.entity, lang) ?? row.alias,
    entity: row.entity,
    country: countryName ?? row.countryCode,
    countryCode: row.countryCode,
    usMailbox: (row.mailBoxCustomerNumber.split('/')[0] ?? '').trim(),
    streetAddressLine1: row.streetAddressLine1,
    streetAddressLine2: row.streetAddressLine2,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    telephone: row.telephone,
    mailBoxCustomerEntity: row.mailBoxCustomerEntity,
    mailBoxCustomerNumber: row.mailBoxCustomerNumber,
    availableServices: row.services
      .filter((s) => KNOWN_CODES.includes(s.code))
      .map((s) => ({ code: serviceCodeSchema.parse(s.code), isSelected: s.isSelected })),
  };
}

export function addressesRoutes(router: ApiRouter): void {
  router.handle(getAddresses, async (c, { query }) => {
    const lang = brandLang(c, query.language);
    const rows = await c.var.deps.db
      .select({ address: addresses, countryName: countries.nameEn })
      .from(addresses)
      .leftJoin(countries, eq(countries.code, addresses.countryCode))
      .where(eq(addresses.userGuid, c.var.userGuid))
      .orderBy(asc(addresses.id));
    return rows.map((r) => toAddress(r.address, r.countryName, lang));
  });

  // Another customer's address is a 404, never a 403.
  router.handle(setAddressService, async (c, { params, query }) => {
    const addressId = existingRowId(params.addressId);
    const { serviceCode, value } = params;
    const { db } = c.var.deps;
    const saved = await db.transaction(async (tx) => {
      // Locked, so two toggles of one address at once don't undo each other.
      const [row] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.userGuid, c.var.userGuid)))
        .for('update');
      if (!row) throw notFound();
      if (!row.services.some((s) => s.code === serviceCode)) {
        throw invalid({ serviceCode: ['not offered at this address'] });
      }
      const services = row.services.map((s) => (s.code === serviceCode ? { ...s, isSelected: value === 'true' } : s));
      const [updated] = await tx.update(addresses).set({ services }).where(eq(addresses.id, row.id)).returning();
      return updated!;
    });
    const [country] = await db
      .select({ nameEn: countries.nameEn })
      .from(countries)
      .where(eq(countries.code, saved.countryCode));
    return toAddress(saved, country?.nameEn ?? null, brandLang(c, query.language));
  });
}
