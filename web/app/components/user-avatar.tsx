import type { SessionUser } from "@common/contract/auth";
import { useState } from "react";

/** "Maria Silva", else the email. */
export function displayName(user: SessionUser): string {
  return [user.first_name, user.last_name].filter(Boolean).join(" ") || user.email;
}

/** Up to two letters: first and last name, else the first letter of the email. */
export function initials(user: SessionUser): string {
  const letters = [user.first_name, user.last_name].map((name) => name.trim().charAt(0)).join("");
  return (letters || user.email.charAt(0)).toUpperCase();
}

/**
 * The profile picture when there is one (and it loads: a broken URL falls back), else the initials
 * on the brand colour.
 * NOTE: the initials are drawn by CSS (content: attr()), not DOM text: inside the profile button they
 * would otherwise count as visible text missing from the button's name ("Label in Name", WCAG 2.5.3).
 */
export function UserAvatar({
  user,
  className = "h-8 w-8 text-sm",
}: {
  user: SessionUser;
  className?: string;
}) {
  // The URL that failed to load, so a new photo is tried again.
  const [broken, setBroken] = useState<string | null>(null);
  const photo = user.profile_picture_url;
  if (photo && photo !== broken) {
    return (
      <img
        src={photo}
        alt=""
        onError={() => setBroken(photo)}
        className={`${className} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden
      data-initials={initials(user)}
      className={`${className} inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-brand-700 font-semibold text-white before:content-[attr(data-initials)]`}
    />
  );
}
