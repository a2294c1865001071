import type { BlockData, BlockType } from "../contract/link-blocks";
import { formatBRL } from "../money";
import { EMBED_PROVIDER_NAMES, recognizeEmbed } from "./embeds";
import { formatPhone } from "./phone-number";
import { PIX_KEY_KIND_LABELS, parsePixKey } from "./pix-key";
import { SOCIAL_NETWORK_INFO } from "./social-networks";

/** Each block type's pt-BR name, as the editor's menu and the page's analytics say it. */
export const BLOCK_TYPE_LABELS: Record<BlockType, string> = {
  link: "Link",
  header: "Título",
  text: "Texto",
  image: "Imagem",
  social: "Redes sociais",
  embed: "Vídeo ou música",
  whatsapp: "WhatsApp",
  pix: "Pix",
  contact: "Contato",
  faq: "Perguntas frequentes",
  divider: "Divisor",
  form: "Formulário de contato",
};

/** A block's type and data, told apart by the type. */
export type BlockContent = { [T in BlockType]: { type: T; data: BlockData<T> } }[BlockType];

/** One line saying what a block holds: its title, text, first item…; "" for a divider. */
export function blockSummary(block: BlockContent): string {
  switch (block.type) {
    case "link":
    case "form":
      return block.data.title;
    case "header":
    case "text":
      return firstLine(block.data.text);
    case "image":
      return block.data.alt;
    case "social":
      return listed(block.data.items.map((item) => SOCIAL_NETWORK_INFO[item.network].label));
    case "embed": {
      const provider = recognizeEmbed(block.data.url)?.provider;
      return block.data.title ?? (provider ? EMBED_PROVIDER_NAMES[provider] : block.data.url);
    }
    case "whatsapp":
      return block.data.label ?? formatPhone(block.data.phone);
    case "pix": {
      const key = parsePixKey(block.data.key);
      const amount = block.data.amount_cents ? ` · ${formatBRL(block.data.amount_cents)}` : "";
      return `${block.data.label ?? block.data.name}${amount}${key.ok ? ` · ${PIX_KEY_KIND_LABELS[key.kind]}` : ""}`;
    }
    case "contact":
      return block.data.name;
    case "faq":
      return listed(block.data.items.map((item) => item.question));
    case "divider":
      return "";
  }
}

const firstLine = (text: string) => text.split("\n")[0] ?? "";

/** The first one or two, then how many more: "Instagram, TikTok e mais 3". */
function listed(items: string[]): string {
  const shown = items.slice(0, 2).join(", ");
  return items.length > 2 ? `${shown} e mais ${items.length - 2}` : shown;
}
