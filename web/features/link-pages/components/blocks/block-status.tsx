import type { Block } from "@common/contract/link-blocks";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { formatZonedMoment } from "@web/lib/zoned-time";

/** What a visitor sees of the block now, when it is not simply shown: off, not yet, over, until. */
export function blockStatus(
  block: Pick<Block, "is_active" | "starts_at" | "ends_at">,
  now: number,
): { tone: BadgeTone; text: string }[] {
  const status: { tone: BadgeTone; text: string }[] = [];
  if (!block.is_active) status.push({ tone: "gray", text: "Desativado" });
  if (block.starts_at && Date.parse(block.starts_at) > now) {
    status.push({ tone: "blue", text: `Agendado: ${formatZonedMoment(block.starts_at, now)}` });
  } else if (block.ends_at && Date.parse(block.ends_at) <= now) {
    status.push({ tone: "amber", text: "Encerrado" });
  } else if (block.ends_at) {
    status.push({ tone: "green", text: `Até ${formatZonedMoment(block.ends_at, now)}` });
  }
  return status;
}

export function BlockStatusBadges({
  id,
  status,
  className = "",
}: {
  id: string;
  status: ReturnType<typeof blockStatus>;
  className?: string;
}) {
  if (status.length === 0) return null;
  return (
    <span id={id} className={`flex flex-wrap gap-1 ${className}`}>
      {status.map(({ tone, text }) => (
        <Badge key={text} tone={tone}>
          {text}
        </Badge>
      ))}
    </span>
  );
}
