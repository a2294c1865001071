// The two kinds of required reference the tables make, each written once: a row that belongs to
// another (and goes with it), and a row that points at one (which then cannot be deleted).
import { type AnyPgColumn, integer } from "drizzle-orm/pg-core";

/** A required reference to the row this one belongs to, deleted with it (`on delete cascade`). */
export const belongsTo = (parent: () => AnyPgColumn) =>
  integer().notNull().references(parent, { onDelete: "cascade" });

/** A required reference to a row that cannot be deleted while this one points at it. */
export const pointsTo = (target: () => AnyPgColumn) => integer().notNull().references(target);
