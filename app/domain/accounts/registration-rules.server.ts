import { eq } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { registrationRuleOverrides } from "~/db/schema";
import { DEFAULT_RULES, REGISTRATION_FIELDS, type FieldRule, type RegistrationField } from "./registration-schema";

/** The brand file's field rules, then support staff's overrides from the database: the last word wins. */
export async function registrationRules(db: Db, brand: Brand): Promise<Record<RegistrationField, FieldRule>> {
  const overrides = await db
    .select()
    .from(registrationRuleOverrides)
    .where(eq(registrationRuleOverrides.merchantCode, brand.merchantCode));
  const rules = {} as Record<RegistrationField, FieldRule>;
  for (const field of REGISTRATION_FIELDS) {
    const own = brand.registration[field] as FieldRule | undefined;
    const override = overrides.find((o) => o.field === field)?.rule;
    rules[field] = { ...DEFAULT_RULES[field], ...own, ...override };
  }
  return rules;
}
