// The wall clock of the page owner's zone (America/Sao_Paulo) for <input type="datetime-local">,
// which knows no zone: what the owner types is read there, whatever the browser's zone is.
import { PRODUCT_TIME_ZONE } from "@common/time";

let parts: Intl.DateTimeFormat | undefined;

/** The zone's wall clock at an instant: [year, month, day, hour, minute, second]. */
function wallClock(instant: number): number[] {
  parts ??= new Intl.DateTimeFormat("en-US", {
    timeZone: PRODUCT_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const byType = Object.fromEntries(parts.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return [byType.year!, byType.month!, byType.day!, byType.hour!, byType.minute!, byType.second!];
}

/** How far the zone's clock is from UTC at an instant, in minutes (São Paulo today: -180). */
function offsetMinutes(instant: number): number {
  const [y, mo, d, h, mi, s] = wallClock(instant);
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, "0");

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A datetime-local value ("2026-12-12T18:00") read in the zone, as ISO 8601 with its offset
 * ("2026-12-12T18:00:00-03:00"); "" is null (no bound). Anything else comes back as it was, for the
 * contract's schema to refuse. A time the clocks skipped (a summer-time start) moves forward.
 */
export function zonedInputToIso(value: string): string | null {
  if (value === "") return null;
  const match = LOCAL.exec(value);
  if (!match) return value;
  const [, y, mo, d, h, mi] = match.map(Number);
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  // The offset at a first guess, then at the instant it gives: they differ only near a change.
  const first = wall - offsetMinutes(wall) * 60_000;
  const second = wall - offsetMinutes(first) * 60_000;
  // Neither reads back as typed in a skipped hour: the first then lands past it.
  const instant = offsetMinutes(second) === offsetMinutes(first) ? second : first;
  const offset = offsetMinutes(instant);
  const [ry, rmo, rd, rh, rmi] = wallClock(instant);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${ry}-${pad(rmo!)}-${pad(rd!)}T${pad(rh!)}:${pad(rmi!)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as the zone's datetime-local value ("2026-12-12T18:00"); null is "". */
export function isoToZonedInput(iso: string | null): string {
  if (!iso) return "";
  const [y, mo, d, h, mi] = wallClock(Date.parse(iso));
  return `${y}-${pad(mo!)}-${pad(d!)}T${pad(h!)}:${pad(mi!)}`;
}

/** An instant as a schedule reads it in the zone: "12/12 às 18:00", with the year when not `now`'s. */
export function formatZonedMoment(iso: string, now: number = Date.now()): string {
  const [y, mo, d, h, mi] = wallClock(Date.parse(iso));
  const year = y === wallClock(now)[0] ? "" : `/${y}`;
  return `${pad(d!)}/${pad(mo!)}${year} às ${pad(h!)}:${pad(mi!)}`;
}
