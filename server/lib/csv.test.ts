import { describe, expect, it } from "vitest";
import { chunksByKeyset, csvLines } from "./csv";

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

describe("chunksByKeyset", () => {
  const numbers = Array.from({ length: 25 }, (_, i) => i + 1);
  /** Reads after the cursor, as an index would, and records each read. */
  const reader = () => {
    const reads: { after: number | null; limit: number }[] = [];
    const read = async (after: number | null, limit: number) => {
      reads.push({ after, limit });
      return numbers.filter((n) => after === null || n > after).slice(0, limit);
    };
    return { reads, read };
  };
  const all = async <T>(chunks: AsyncIterable<T[]>) => {
    const out: T[][] = [];
    for await (const chunk of chunks) out.push(chunk);
    return out;
  };

  it("reads each chunk after the last row of the one before, until a short chunk", async () => {
    const { reads, read } = reader();
    const chunks = await all(chunksByKeyset(read, (n) => n, { chunkRows: 10 }));
    expect(chunks.map((c) => c.length)).toEqual([10, 10, 5]);
    expect(chunks.flat()).toEqual(numbers);
    expect(reads).toEqual([
      { after: null, limit: 10 },
      { after: 10, limit: 10 },
      { after: 20, limit: 10 },
    ]);
  });

  it("stops at maxRows, asking only for what is left", async () => {
    const { reads, read } = reader();
    const chunks = await all(chunksByKeyset(read, (n) => n, { chunkRows: 10, maxRows: 15 }));
    expect(chunks.flat()).toEqual(numbers.slice(0, 15));
    expect(reads.map((r) => r.limit)).toEqual([10, 5]);
  });

  it("yields no empty chunk when the rows end on a chunk's edge", async () => {
    const { read } = reader();
    const chunks = await all(chunksByKeyset(read, (n) => n, { chunkRows: 5 }));
    expect(chunks.map((c) => c.length)).toEqual([5, 5, 5, 5, 5]);
  });
});
