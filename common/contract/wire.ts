import { z } from "../zod";

// What many answers share on the wire: instants as ISO 8601 text (`toISOString()`), whole numbers.

/** An instant: `2026-05-04T12:00:00.000Z` (an offset is accepted too). */
export const timestampSchema = z.iso.datetime({ offset: true });
/** A database id or a count. */
export const wholeNumberSchema = z.number().int();

/**
 * A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not), or nothing ("" in a query string
 * reads as nothing); `message` names what is wrong.
 */
export const optionalDaySchema = (message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine((value) => {
        const date = new Date(`${value}T12:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
      }, message)
      .optional(),
  );

/** The answer of an action that has nothing to return but what the screen says: `{ message }`. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
