import type { BlockData, BlockType } from "@common/contract/link-blocks";
import { EMBED_PROVIDER_NAMES, recognizeEmbed } from "@common/link-bio/embeds";
import { formatPhone } from "@common/link-bio/phone-number";
import { PIX_KEY_KIND_LABELS, parsePixKey } from "@common/link-bio/pix-key";
import { SOCIAL_NETWORK_INFO } from "@common/link-bio/social-networks";
import { formatBRL } from "@common/money";
import {
  AlignLeft,
  CircleHelp,
  Contact,
  Heading,
  ImageIcon,
  LinkIcon,
  type LucideIcon,
  MessageCircle,
  Minus,
  QrCode,
  Share2,
  SquarePlay,
} from "lucide-react";

/** How the editor names, draws and explains each block type (the add menu, the rows). */
export const BLOCK_TYPE_INFO: Record<BlockType, { label: string; icon: LucideIcon; hint: string }> = {
  link: { label: "Link", icon: LinkIcon, hint: "Um botão que leva a qualquer endereço." },
  header: { label: "Título", icon: Heading, hint: "Um título para separar as partes da página." },
  text: { label: "Texto", icon: AlignLeft, hint: "Um parágrafo: quem você é, avisos, horários." },
  image: { label: "Imagem", icon: ImageIcon, hint: "Uma foto ou banner, com link se quiser." },
  social: { label: "Redes sociais", icon: Share2, hint: "Uma fileira de ícones das suas redes." },
  embed: {
    label: "Vídeo ou música",
    icon: SquarePlay,
    hint: "YouTube, Vimeo, Spotify, SoundCloud ou TikTok tocando na página.",
  },
  whatsapp: { label: "WhatsApp", icon: MessageCircle, hint: "Um botão que abre uma conversa com você." },
  pix: { label: "Pix", icon: QrCode, hint: "QR code e Pix Copia e Cola para receber pagamentos." },
  contact: { label: "Contato", icon: Contact, hint: "Um botão que salva o seu contato no celular." },
  faq: { label: "Perguntas frequentes", icon: CircleHelp, hint: "Perguntas que abrem a resposta ao tocar." },
  divider: { label: "Divisor", icon: Minus, hint: "Uma linha para separar blocos." },
};

/** A block's type and data, told apart by the type. */
type BlockContent = { [T in BlockType]: { type: T; data: BlockData<T> } }[BlockType];

/** One line saying what a block holds: its title, text, first item…; "" for a divider. */
export function blockSummary(block: BlockContent): string {
  switch (block.type) {
    case "link":
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

/**
 * The block as buttons and dialogs name it: 'Link “Instagram”', 'Divisor (bloco 3)' (a divider
 * has nothing else that tells it apart).
 */
export function blockName(block: BlockContent, index: number): string {
  const label = BLOCK_TYPE_INFO[block.type].label;
  const summary = blockSummary(block);
  if (!summary) return `${label} (bloco ${index + 1})`;
  return `${label} “${summary.length > 40 ? `${summary.slice(0, 39).trimEnd()}…` : summary}”`;
}

const firstLine = (text: string) => text.split("\n")[0] ?? "";

/** The first one or two, then how many more: "Instagram, TikTok e mais 3". */
function listed(items: string[]): string {
  const shown = items.slice(0, 2).join(", ");
  return items.length > 2 ? `${shown} e mais ${items.length - 2}` : shown;
}
