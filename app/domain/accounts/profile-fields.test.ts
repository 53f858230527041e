import { describe, expect, it } from "vitest";
import { feedbackSchema, nicknameSchema, profileSchema } from "./profile-fields";

const rules = { today: "2026-05-20", minimumAge: 21, birthdayLocked: false };
const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("nicknameSchema", () => {
  it("takes names in any script, trimmed and with spaces squeezed", () => {
    expect(nicknameSchema.parse({ nickname: "  Juan   dela Cruz " }).nickname).toBe("Juan dela Cruz");
    expect(nicknameSchema.parse({ nickname: "小明_88" }).nickname).toBe("小明_88");
    expect(nicknameSchema.parse({ nickname: "Ñoño" }).nickname).toBe("Ñoño");
  });

  it("refuses markup, control and bidi characters, and the wrong length", () => {
    for (const bad of ["<script>", "a\u202Eb", "ab\u0000", "-dash", "x", "a".repeat(21), "   "]) {
      expect(nicknameSchema.safeParse({ nickname: bad }).success, bad).toBe(false);
    }
    expect(firstError(nicknameSchema.safeParse({ nickname: "x" }))).toBe("settings.errors.nickname_length|min=2&max=20");
    expect(firstError(nicknameSchema.safeParse({ nickname: "<b>hi</b>" }))).toBe("settings.errors.nickname_characters");
  });
});

describe("profileSchema", () => {
  const schema = profileSchema(rules);
  it("takes every field empty: nothing is required", () => {
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ birthday: "", nationality: "", address: "", occupation: "", sourceOfIncome: "" })).toEqual({});
  });

  it("takes real values", () => {
    expect(
      schema.parse({
        birthday: "1990-02-28",
        nationality: "PH",
        address: " 12 Rizal St., Brgy. 5, Quezon City ",
        occupation: "ofw",
        sourceOfIncome: "remittance",
      }),
    ).toEqual({
      birthday: "1990-02-28",
      nationality: "PH",
      address: "12 Rizal St., Brgy. 5, Quezon City",
      occupation: "ofw",
      sourceOfIncome: "remittance",
    });
  });

  it("checks the birthday: a real date, from 1900, not in the future, old enough", () => {
    const err = (birthday: string) => firstError(schema.safeParse({ birthday }));
    expect(err("1900-01-01")).toBeUndefined();
    expect(err("1899-12-31")).toBe("settings.errors.birthday_too_early");
    expect(err("2026-05-21")).toBe("settings.errors.birthday_future");
    expect(err("2005-05-21")).toBe("settings.errors.too_young|age=21");
    expect(err("2005-05-20")).toBeUndefined();
    expect(err("1990-02-30")).toBe("validation.birthday_format");
    expect(err("90-1-1")).toBe("validation.birthday_format");
    expect(err("1990-01-01T00:00")).toBe("validation.birthday_format");
  });

  it("refuses a birthday once one is stored", () => {
    const locked = profileSchema({ ...rules, birthdayLocked: true });
    expect(locked.safeParse({ birthday: "1990-01-01" }).success).toBe(false);
    expect(locked.safeParse({ nationality: "JP" }).success).toBe(true);
  });

  it("refuses choices not on the lists and hostile addresses", () => {
    expect(firstError(schema.safeParse({ nationality: "XX" }))).toBe("settings.errors.choose_from_list");
    expect(firstError(schema.safeParse({ nationality: "ph" }))).toBe("settings.errors.choose_from_list");
    expect(firstError(schema.safeParse({ occupation: "astronaut" }))).toBe("settings.errors.choose_from_list");
    expect(firstError(schema.safeParse({ sourceOfIncome: "['salary']" }))).toBe("settings.errors.choose_from_list");
    expect(firstError(schema.safeParse({ address: '<img src=x onerror="alert(1)">' }))).toBe(
      "settings.errors.address_characters",
    );
    expect(firstError(schema.safeParse({ address: "Blk 1\u0007" }))).toBe("settings.errors.address_characters");
    expect(firstError(schema.safeParse({ address: "abc" }))).toBe("settings.errors.address_length|min=5&max=200");
    expect(firstError(schema.safeParse({ address: "a".repeat(201) }))).toBe("settings.errors.address_length|min=5&max=200");
  });
});

describe("feedbackSchema", () => {
  it("counts characters, not UTF-16 units: 500 emoji fit", () => {
    expect(feedbackSchema.safeParse({ message: "\u{1F600}".repeat(500) }).success).toBe(true);
    expect(firstError(feedbackSchema.safeParse({ message: "a".repeat(501) }))).toBe("settings.errors.feedback_length|max=500");
  });

  it("keeps line breaks, refuses empty messages and control characters", () => {
    expect(feedbackSchema.parse({ message: " line one\nline two " }).message).toBe("line one\nline two");
    expect(firstError(feedbackSchema.safeParse({ message: "   " }))).toBe("settings.errors.feedback_empty");
    expect(firstError(feedbackSchema.safeParse({ message: "hi\u001b[31m" }))).toBe("settings.errors.feedback_characters");
    expect(firstError(feedbackSchema.safeParse({ message: "hi\u202Egnp.exe" }))).toBe("settings.errors.feedback_characters");
  });
});
