// Brand marks from simple-icons (CC0), one import per icon so that only these are bundled.
// LinkedIn asked simple-icons to remove its mark: it comes from Font Awesome Free's brands
// (CC BY 4.0), imported by its own file. Kwai is in neither set; it, e-mail and site are drawn
// with Lucide's outline icons (ISC), the app's own icon set, copied below from lucide-react (whose
// components need React, which common/ does not load); a test holds the copies to it.
// Apart from social-networks.ts so that the contract, which validates the links, bundles no drawing.
import { faLinkedin } from "@fortawesome/free-brands-svg-icons/faLinkedin";
import {
  siFacebook,
  siGithub,
  siInstagram,
  siPinterest,
  siSpotify,
  siTelegram,
  siThreads,
  siTiktok,
  siTwitch,
  siWhatsapp,
  siX,
  siYoutube,
} from "simple-icons";
import type { SocialNetwork } from "./social-networks";

/** An icon as the page draws it: trusted SVG elements, filled (brand marks) or stroked (Lucide). */
export type SocialIcon = {
  source: "simple-icons" | "font-awesome" | "lucide";
  viewBox: string;
  paint: "fill" | "stroke";
  body: string;
};

/** Lucide 1.75's `video`, `mail` and `globe`. */
export const LUCIDE_ICONS = {
  video:
    '<path d="m16 13 5.223 3.482a.5.5 0 0 0 .777-.416V7.87a.5.5 0 0 0-.752-.432L16 10.5"/><rect x="2" y="6" width="14" height="12" rx="2"/>',
  mail: '<path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7"/><rect x="2" y="4" width="20" height="16" rx="2"/>',
  globe:
    '<circle cx="12" cy="12" r="10"/><path d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20"/><path d="M2 12h20"/>',
} as const;

const simple = (icon: { path: string }): SocialIcon => ({
  source: "simple-icons",
  viewBox: "0 0 24 24",
  paint: "fill",
  body: `<path d="${icon.path}"/>`,
});

const lucide = (body: string): SocialIcon => ({
  source: "lucide",
  viewBox: "0 0 24 24",
  paint: "stroke",
  body,
});

const [faWidth, faHeight, , , faPath] = faLinkedin.icon;

export const SOCIAL_ICONS: Record<SocialNetwork, SocialIcon> = {
  instagram: simple(siInstagram),
  tiktok: simple(siTiktok),
  youtube: simple(siYoutube),
  x: simple(siX),
  facebook: simple(siFacebook),
  linkedin: {
    source: "font-awesome",
    viewBox: `0 0 ${faWidth} ${faHeight}`,
    paint: "fill",
    body: `<path d="${String(faPath)}"/>`,
  },
  threads: simple(siThreads),
  kwai: lucide(LUCIDE_ICONS.video),
  pinterest: simple(siPinterest),
  twitch: simple(siTwitch),
  spotify: simple(siSpotify),
  telegram: simple(siTelegram),
  whatsapp: simple(siWhatsapp),
  github: simple(siGithub),
  email: lucide(LUCIDE_ICONS.mail),
  site: lucide(LUCIDE_ICONS.globe),
};

/** The icon as inline SVG in the text colour, hidden from assistive technology (its link carries the name). */
export function socialIconSvg(network: SocialNetwork, size = 24): string {
  const icon = SOCIAL_ICONS[network];
  const side = Math.round(size);
  const paint =
    icon.paint === "fill"
      ? 'fill="currentColor"'
      : 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${icon.viewBox}" width="${side}" height="${side}" ` +
    `${paint} aria-hidden="true" focusable="false">${icon.body}</svg>`
  );
}
