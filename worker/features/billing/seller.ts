import type { DocumentParty } from "../../db/schema/billing-documents";

export interface Seller extends DocumentParty {
  bank: string;
  bik: string;
  account: string;
  corrAccount: string;
  /** How VAT is stated on the documents ("Без НДС (УСН)" by default). */
  vat: string;
}

/** The demo seller (a newcomer's `npm start` prints documents without configuration). */
const DEMO: Seller = {
  legalName: "ООО «Ассистли»",
  inn: "7707083893",
  kpp: "770701001",
  address: "123112, г. Москва, Пресненская наб., д. 12, офис 301",
  bank: "ПАО Сбербанк",
  bik: "044525225",
  account: "40702810938000012345",
  corrAccount: "30101810400000000225",
  vat: "Без НДС (УСН)",
};

/** The seller's requisites for invoices and acts: `BILLING_SELLER` (JSON, merged over the demo company). */
export function sellerOf(env: { BILLING_SELLER?: string }): Seller {
  if (!env.BILLING_SELLER) return DEMO;
  try {
    return { ...DEMO, ...(JSON.parse(env.BILLING_SELLER) as Partial<Seller>) };
  } catch {
    return DEMO;
  }
}
