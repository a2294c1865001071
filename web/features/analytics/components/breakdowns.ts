import { Compass, type LucideIcon, Monitor, Share2, Smartphone } from "lucide-react";
import { deviceLabel, nameOrUnknown, referrerLabel } from "./click-dimensions";

/**
 * The drill-down's breakdowns whose values get a pt-BR label (countries, with their flags, are
 * apart): the card's title, the table's first header, the empty text and the labelling.
 */
export const LABELLED_BREAKDOWNS: {
  key: "referrers" | "devices" | "browsers" | "os";
  title: string;
  header: string;
  icon: LucideIcon;
  empty: string;
  label: (value: string | null) => string;
}[] = [
  {
    key: "referrers",
    title: "Origem",
    header: "Origem",
    icon: Share2,
    empty: "Nenhum dado de origem ainda",
    label: referrerLabel,
  },
  {
    key: "devices",
    title: "Dispositivos",
    header: "Dispositivo",
    icon: Smartphone,
    empty: "Nenhum dado de dispositivo ainda",
    label: deviceLabel,
  },
  {
    key: "browsers",
    title: "Navegadores",
    header: "Navegador",
    icon: Compass,
    empty: "Nenhum dado de navegador ainda",
    label: nameOrUnknown,
  },
  {
    key: "os",
    title: "Sistemas Operacionais",
    header: "Sistema",
    icon: Monitor,
    empty: "Nenhum dado de sistema ainda",
    label: nameOrUnknown,
  },
];
