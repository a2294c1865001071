import { PRODUCT_TIME_ZONE } from "@common/time";

const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: PRODUCT_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** 22/11/2026 14:05, in the product's time zone (the same as the CSV). */
export function formatDateTimeBR(iso: string): string {
  const parts = Object.fromEntries(
    dateTimeFormat.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
