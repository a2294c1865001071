import { paths } from "@common/paths";
import { useQueryClient } from "@tanstack/react-query";
import { Check, Link as LinkIcon, Mail } from "lucide-react";
import { useEffect, useState } from "react";
import { blogKeys } from "../api/blog";

/** Share links that work without JavaScript; 'Copiar link' once the page runs (an island). */
export function BlogShare({ slug, title: postTitle }: { slug: string; title: string }) {
  const queryClient = useQueryClient();
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const origin =
    queryClient.getQueryData<string>(blogKeys.origin()) ??
    (typeof window === "undefined" ? "" : window.location.origin);
  const url = `${origin}${paths.blogPost(slug)}`;
  const u = encodeURIComponent(url);
  const title = encodeURIComponent(postTitle);
  const links = [
    { name: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${postTitle} ${url}`)}` },
    { name: "X", href: `https://x.com/intent/post?text=${title}&url=${u}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
  const item =
    "inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
  return (
    <section aria-labelledby="blog-share" className="mt-10 border-t border-gray-200 pt-8">
      <h2 id="blog-share" className="text-sm font-semibold text-gray-900">
        Compartilhe
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={item}
              aria-label={`Compartilhar no ${link.name}`}
            >
              {link.name}
            </a>
          </li>
        ))}
        <li>
          <a
            href={`mailto:?subject=${title}&body=${encodeURIComponent(`${postTitle}\n\n${url}`)}`}
            className={item}
            aria-label="Compartilhar por e-mail"
          >
            <Mail className="h-4 w-4" aria-hidden />
            E-mail
          </a>
        </li>
        {canCopy && (
          <li>
            <button
              type="button"
              className={item}
              onClick={() => {
                navigator.clipboard
                  .writeText(url)
                  .then(() => setCopied(true))
                  .catch(() => {});
              }}
            >
              {copied ? (
                <Check className="h-4 w-4" aria-hidden />
              ) : (
                <LinkIcon className="h-4 w-4" aria-hidden />
              )}
              {copied ? "Copiado!" : "Copiar link"}
            </button>
          </li>
        )}
      </ul>
    </section>
  );
}
