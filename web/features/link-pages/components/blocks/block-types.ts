import type { BlockType } from "@common/contract/link-blocks";
import { BLOCK_TYPE_LABELS, type BlockContent, blockSummary } from "@common/link-bio/block-summary";
import {
  AlignLeft,
  CircleHelp,
  ClipboardList,
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
  link: { label: BLOCK_TYPE_LABELS.link, icon: LinkIcon, hint: "Um botão que leva a qualquer endereço." },
  header: {
    label: BLOCK_TYPE_LABELS.header,
    icon: Heading,
    hint: "Um título para separar as partes da página.",
  },
  text: {
    label: BLOCK_TYPE_LABELS.text,
    icon: AlignLeft,
    hint: "Um parágrafo: quem você é, avisos, horários.",
  },
  image: { label: BLOCK_TYPE_LABELS.image, icon: ImageIcon, hint: "Uma foto ou banner, com link se quiser." },
  social: { label: BLOCK_TYPE_LABELS.social, icon: Share2, hint: "Uma fileira de ícones das suas redes." },
  embed: {
    label: BLOCK_TYPE_LABELS.embed,
    icon: SquarePlay,
    hint: "YouTube, Vimeo, Spotify, SoundCloud ou TikTok tocando na página.",
  },
  whatsapp: {
    label: BLOCK_TYPE_LABELS.whatsapp,
    icon: MessageCircle,
    hint: "Um botão que abre uma conversa com você.",
  },
  pix: {
    label: BLOCK_TYPE_LABELS.pix,
    icon: QrCode,
    hint: "QR code e Pix Copia e Cola para receber pagamentos.",
  },
  contact: {
    label: BLOCK_TYPE_LABELS.contact,
    icon: Contact,
    hint: "Um botão que salva o seu contato no celular.",
  },
  faq: { label: BLOCK_TYPE_LABELS.faq, icon: CircleHelp, hint: "Perguntas que abrem a resposta ao tocar." },
  divider: { label: BLOCK_TYPE_LABELS.divider, icon: Minus, hint: "Uma linha para separar blocos." },
  form: {
    label: BLOCK_TYPE_LABELS.form,
    icon: ClipboardList,
    hint: "Receba nome, e-mail e WhatsApp de quem visita, com consentimento (LGPD).",
  },
};

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
