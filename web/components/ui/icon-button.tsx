import type { LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Link } from "react-router";

const SIZES = { sm: "h-8 w-8", md: "h-9 w-9" } as const;

/** Grey until hovered, then the colour of what it does. */
const TONES = {
  neutral: "text-gray-500 hover:bg-gray-100 hover:text-gray-900",
  brand: "text-gray-500 hover:bg-brand-50 hover:text-brand-700",
  danger: "text-gray-500 hover:bg-red-50 hover:text-red-600",
} as const;

type IconAction = {
  icon: LucideIcon;
  /** The accessible name: the action and what it acts on ('Editar maria@exemplo.com'). */
  label: string;
  /** The tooltip: the action alone ('Editar'), or why it is off. */
  title: string;
  size?: keyof typeof SIZES;
  tone?: keyof typeof TONES;
  /** Colours of its own (text, hover) instead of a tone. */
  className?: string;
};

/** What IconButton and IconLink share: the names, the look and the icon; `rest` is the element's own. */
function iconAction<P extends IconAction>({
  icon: Icon,
  label,
  title,
  size = "md",
  tone,
  className = "",
  ...rest
}: P) {
  return {
    attributes: {
      "aria-label": label,
      title,
      className: `inline-flex ${SIZES[size]} items-center justify-center rounded-lg disabled:cursor-not-allowed disabled:opacity-30 ${tone ? TONES[tone] : ""} ${className}`,
    },
    icon: <Icon className="h-4 w-4" aria-hidden />,
    rest,
  };
}

/** A row's action shown as its icon alone: a square button named for screen readers by `label`. */
export function IconButton(
  props: IconAction & Omit<ComponentProps<"button">, "children" | "title" | "className">,
) {
  const { attributes, icon, rest } = iconAction(props);
  return (
    <button type="button" {...attributes} {...rest}>
      {icon}
    </button>
  );
}

/** IconButton's twin that goes somewhere: a screen of the app (`to`), or a page in a new tab (`href`). */
export function IconLink(props: IconAction & ({ to: string; href?: never } | { href: string; to?: never })) {
  const { attributes, icon } = iconAction(props);
  if (props.href !== undefined) {
    return (
      <a href={props.href} target="_blank" rel="noopener noreferrer" {...attributes}>
        {icon}
      </a>
    );
  }
  return (
    <Link to={props.to} {...attributes}>
      {icon}
    </Link>
  );
}
