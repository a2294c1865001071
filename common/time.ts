/** Days (for "today", rollups and charts) are counted in the product's time zone. */
export const PRODUCT_TIME_ZONE = "America/Sao_Paulo";

/**
 * A formatter made on first use: making one costs milliseconds (the time zone's data), which a page
 * that formats no date should not pay while it loads (web/app/islands.tsx).
 */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= new Intl.DateTimeFormat(locale, options);
    return made;
  };
}

const dayFormat = formatter("en-CA", {
  timeZone: PRODUCT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day (YYYY-MM-DD) of an instant, in the product's time zone. */
export function dayOf(instant: Date | number): string {
  return dayFormat().format(instant);
}

/** YYYY-MM-DD plus n days (n may be negative); pure calendar arithmetic. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

const dateFormat = formatter("pt-BR", { timeZone: PRODUCT_TIME_ZONE });

/** A date as Brazilians write it: 22/11/2026. */
export function formatDateBR(value: string | Date): string {
  return dateFormat().format(typeof value === "string" ? new Date(value) : value);
}

const dateTimeFormat = formatter("pt-BR", {
  timeZone: PRODUCT_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A date and time as Brazilians write them, in the product's time zone: 22/11/2026 14:05. */
export function formatDateTimeBR(value: string | Date): string {
  const instant = typeof value === "string" ? new Date(value) : value;
  const parts = Object.fromEntries(
    dateTimeFormat()
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

const offsetFormat = formatter("en-US", {
  timeZone: PRODUCT_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** How far the product's time zone is from UTC at an instant, in ms (São Paulo: -3 h). */
function zoneOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    offsetFormat()
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) begins in the product's time zone. */
export function startOfDayInZone(day: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  return new Date(guess - zoneOffsetMs(guess));
}

/** The instant the current calendar month began in the product's time zone. */
export const startOfMonthInZone = (now: Date | number = Date.now()) =>
  startOfDayInZone(`${dayOf(now).slice(0, 7)}-01`);
