/** What the tracking calls need in the browser beside their declarations (./contract.ts). */

/** Invoice files take longer than the 15 s of other calls: five of 4 MB on a slow line. */
export const INVOICE_UPLOAD_TIMEOUT_MS = 60_000;
