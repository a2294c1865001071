import { describe, expect, it } from "vitest";
import { csvLines } from "./csv";

describe("csvLines", () => {
  it("quotes with ';', ends lines in CRLF and never lets a cell start a formula", () => {
    const text = csvLines([
      ["Nome", "Valor"],
      ['=HYPERLINK("http://x";"y")\n+0', "19,90"],
      ["+55 11", "@soma"],
      ["Ana; Lima", "-1"],
    ]);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Nome;Valor");
    expect(text).toContain('"\'=HYPERLINK(""http://x"";""y"")\n+0"');
    expect(text).toContain(`"'+55 11";"'@soma"`);
    expect(text).toContain(`"Ana; Lima";"'-1"`);
    expect(text.endsWith("\r\n")).toBe(true);
  });
});
