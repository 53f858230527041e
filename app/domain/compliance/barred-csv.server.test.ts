import { describe, expect, it } from "vitest";
import { BARRED_CSV_MAX_BYTES, BARRED_CSV_MAX_ROWS, manilaDay, nameKey, parseBarredCsv, parsePeriod } from "./barred-csv.server";

const TODAY = "2026-11-27";
const HEADER = "name,birthday,reason,period";
const csv = (...rows: string[]) => [HEADER, ...rows].join("\n");
const errorsOf = (text: string) => {
  const r = parseBarredCsv(text, TODAY);
  return r.ok ? [] : r.errors;
};

describe("the name key of the restricted-persons list", () => {
  it("is the same however the words are ordered, cased, accented or punctuated", () => {
    const key = nameKey("Juan dela Cruz");
    expect(key).toBe("cruz dela juan");
    for (const same of [
      "DELA CRUZ, Juan",
      "  juan   DELA-cruz ",
      "Juán Dela Cruz",
      "Cruz, Juan Dela.",
      "ＪＵＡＮ ＤＥＬＡ ＣＲＵＺ",
      "Juan\u00a0dela\u200bCruz",
    ])
      expect(nameKey(same), same).toBe(key);
    expect(nameKey("José Peña")).toBe(nameKey("JOSE PENA"));
    expect(nameKey("Nguyễn Văn An")).toBe("an nguyen van");
    expect(nameKey("O'Neil, María")).toBe("maria neil o");
    expect(nameKey("ǅemal Ĳssel")).toBe(nameKey("Dzemal IJssel"));
  });

  it("keeps apart what is written differently: split words, other names, other scripts", () => {
    expect(nameKey("Juan Delacruz")).not.toBe(nameKey("Juan dela Cruz"));
    expect(nameKey("Juan de la Cruz")).not.toBe(nameKey("Juan dela Cruz"));
    expect(nameKey("Juana dela Cruz")).not.toBe(nameKey("Juan dela Cruz"));
    expect(nameKey("王小明")).toBe("王小明");
    expect(nameKey("...")).toBe("");
  });
});

describe("Manila days and periods", () => {
  it("turns an instant into its day in Manila (UTC+8), the day changing at 16:00 UTC", () => {
    expect(manilaDay(new Date("2026-11-27T15:59:59.999Z"))).toBe("2026-11-27");
    expect(manilaDay(new Date("2026-11-27T16:00:00.000Z"))).toBe("2026-11-28");
    expect(manilaDay(new Date("2026-12-31T16:00:00.000Z"))).toBe("2027-01-01");
  });

  it("reads a period with an end, one day long, or with no end, and nothing else", () => {
    expect(parsePeriod("2026-01-01..2026-12-31")).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    expect(parsePeriod(" 2026-01-01..2026-01-01 ")).toEqual({ from: "2026-01-01", to: "2026-01-01" });
    expect(parsePeriod("2026-01-01..")).toEqual({ from: "2026-01-01", to: null });
    for (const bad of [
      "2026-01-01",
      "..2026-01-01",
      "2026-12-31..2026-01-01",
      "2026-02-30..",
      "2026-1-1..",
      "2026-01-01...2026-02-01",
      "2026-01-01 .. 2026-02-01",
      "2026-01-01..2026-02-01..",
      "=1+1",
      "",
    ])
      expect(parsePeriod(bad), bad).toBeNull();
  });
});

describe("the restricted-persons CSV", () => {
  it("reads quoted fields, doubled quotes, a byte-order mark, CRLF and blank lines", () => {
    const text = `\uFEFFName, Birthday ,REASON,period\r\n"DELA CRUZ, Juan",1985-04-12,"NDRP: ""self-exclusion""",2026-01-01..\r\n\r\n  Ana Santos  , 1979-09-30 , Court order ,2020-01-01..2026-11-27\r\n`;
    const r = parseBarredCsv(text, TODAY);
    expect(r).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          name: "DELA CRUZ, Juan",
          nameKey: "cruz dela juan",
          birthday: "1985-04-12",
          reason: 'NDRP: "self-exclusion"',
          periodFrom: "2026-01-01",
          periodTo: null,
        },
        {
          line: 4,
          name: "Ana Santos",
          nameKey: "ana santos",
          birthday: "1979-09-30",
          reason: "Court order",
          periodFrom: "2020-01-01",
          periodTo: "2026-11-27",
        },
      ],
    });
  });

  it("refuses the whole file, naming every bad row by its line", () => {
    const text = csv(
      "Juan dela Cruz,1985-04-12,NDRP,2026-01-01..",
      "Pedro Reyes,1985-13-01,NDRP,2026-01-01..",
      '"Ana, Santos,1979-09-30,NDRP,2026-01-01..',
      'Ana "the" Santos,1979-09-30,NDRP,2026-01-01..',
      '"Ana Santos" x,1979-09-30,NDRP,2026-01-01..',
      "Ana Santos,1979-09-30,NDRP",
      "Ana Santos,1979-09-30,NDRP,2026-01-01..,extra",
      "Maria Reyes,2027-01-01,NDRP,2026-01-01..",
      "Maria Reyes,1899-12-31,NDRP,2026-01-01..",
      "Maria Reyes,1980-01-01,,2026-01-01..",
      "Maria Reyes,1980-01-01,NDRP,2026-12-31..2026-01-01",
      "CRUZ JUAN DELA,1985-04-12,NDRP again,2027-01-01..",
      "Juan 3rd,1985-04-12,NDRP,2026-01-01..",
      `${"x".repeat(201)},1985-04-12,NDRP,2026-01-01..`,
    );
    expect(errorsOf(text)).toEqual([
      'line 3: the birthday "1985-13-01" is not a day written YYYY-MM-DD',
      "line 4: a quoted field is not closed on its line",
      "line 5: a quote inside an unquoted field (quote the whole field, and write the quote twice)",
      "line 6: text after a closing quote (a quote inside a field is written twice)",
      "line 7: 3 fields where a row has 4 (name,birthday,reason,period); quote a field that holds a comma",
      "line 8: 5 fields where a row has 4 (name,birthday,reason,period); quote a field that holds a comma",
      "line 9: the birthday 2027-01-01 is before 1900 or in the future",
      "line 10: the birthday 1899-12-31 is before 1900 or in the future",
      "line 11: the reason must have 1 to 200 characters",
      'line 12: the period "2026-12-31..2026-01-01" is not YYYY-MM-DD..YYYY-MM-DD (an end not before the start) or YYYY-MM-DD.. (no end)',
      "line 13: the same person (name and birthday) as line 2",
      "line 14: the name may hold only letters, spaces and . , - '",
      "line 15: the name must have 1 to 200 characters",
    ]);
  });

  it("refuses formulas, control and invisible characters, and quotes hostile values back defused", () => {
    const errors = errorsOf(
      csv(
        "=cmd|' /C calc'!A0,1985-04-12,NDRP,2026-01-01..",
        "Juan dela Cruz,1985-04-12,@SUM(A1),2026-01-01..",
        "Juan dela Cruz,1985-04-12,+639171234567,2026-01-01..",
        "-Juan,1985-04-12,NDRP,2026-01-01..",
        "Juan\u202edela Cruz,1985-04-12,NDRP,2026-01-01..",
        "Juan dela Cruz,1985-04-12,NDRP\u0007,2026-01-01..",
        "Juan dela Cruz,1985\u001b[31m,NDRP,2026-01-01..",
        `Juan dela Cruz,1985-04-12,NDRP,${"9".repeat(500)}`,
      ),
    );
    expect(errors[0]).toBe('line 2: the name starts with "=", as a spreadsheet formula does');
    expect(errors[1]).toBe('line 3: the reason starts with "@", as a spreadsheet formula does');
    expect(errors[2]).toBe('line 4: the reason starts with "+", as a spreadsheet formula does');
    expect(errors[3]).toBe('line 5: the name starts with "-", as a spreadsheet formula does');
    expect(errors[4]).toMatch(/^line 6: the name holds a control or invisible character; the name may hold only letters/);
    expect(errors[5]).toBe("line 7: the reason holds a control or invisible character");
    expect(errors[6]).toBe(
      'line 8: the birthday holds a control or invisible character; the birthday "1985\\u001b[31m" is not a day written YYYY-MM-DD',
    );
    expect(errors[7]).toBe(
      `line 9: the period "${"9".repeat(40)}…" is not YYYY-MM-DD..YYYY-MM-DD (an end not before the start) or YYYY-MM-DD.. (no end)`,
    );
    // Nothing a terminal would act on comes back: no escape, bell or bidi override.
    expect([...errors.join("")].filter((c) => c < " " || c === "\u202e")).toEqual([]);
  });

  it("wants its header first, at least one row, and stays within its size and row caps", () => {
    expect(errorsOf("")).toEqual(['the file is empty; its first line must be the header "name,birthday,reason,period"']);
    expect(errorsOf("\n\n")).toEqual(['the file is empty; its first line must be the header "name,birthday,reason,period"']);
    expect(errorsOf(HEADER)).toEqual(["the file has no rows below its header"]);
    expect(errorsOf("\nJuan dela Cruz,1985-04-12,NDRP,2026-01-01..")).toEqual([
      'line 2: the first line must be the header "name,birthday,reason,period"',
    ]);
    expect(errorsOf("name,birthday,period,reason\nJuan,1985-04-12,2026-01-01..,NDRP")[0]).toMatch(/^line 1: the first line/);
    expect(errorsOf(`${HEADER}\n${"x".repeat(BARRED_CSV_MAX_BYTES)}`)).toEqual([
      `the file has ${BARRED_CSV_MAX_BYTES + HEADER.length + 1} bytes; a list may have at most ${BARRED_CSV_MAX_BYTES} (5 MB)`,
    ]);
    // Person AAAA, Person AAAB …: one word each, so no two rows share a name key.
    const word = (i: number) =>
      Array.from({ length: 4 }, (_, d) => String.fromCharCode(65 + (Math.floor(i / 26 ** d) % 26))).join("");
    const row = (i: number) => `Person ${word(i)},1980-01-01,R,2026-01-01..`;
    const full = Array.from({ length: BARRED_CSV_MAX_ROWS }, (_, i) => row(i));
    expect(parseBarredCsv(csv(...full), TODAY)).toMatchObject({ ok: true, rows: { length: BARRED_CSV_MAX_ROWS } });
    expect(errorsOf(csv(...full, "Juan dela Cruz,1985-04-12,NDRP,2026-01-01.."))).toEqual([
      `the file has more than ${BARRED_CSV_MAX_ROWS} rows; split it into several files`,
    ]);
  });

  it("lists the first 20 bad rows and counts the rest", () => {
    const errors = errorsOf(csv(...Array.from({ length: 25 }, () => "Juan,not-a-day,NDRP,2026-01-01..")));
    expect(errors).toHaveLength(21);
    expect(errors[0]).toMatch(/^line 2: /);
    expect(errors[19]).toMatch(/^line 21: /);
    expect(errors[20]).toBe("… and 5 more bad rows");
  });
});
