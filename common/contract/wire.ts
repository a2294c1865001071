import { z } from "../zod";

// What many answers share on the wire: instants as ISO 8601 text (`toISOString()`), whole numbers.

/** An instant: `2026-05-04T12:00:00.000Z` (an offset is accepted too). */
export const timestampSchema = z.iso.datetime({ offset: true });
/** A database id or a count. */
export const wholeNumberSchema = z.number().int();

/** The answer of an action that has nothing to return but what the screen says: `{ message }`. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
