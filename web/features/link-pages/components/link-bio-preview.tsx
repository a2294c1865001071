import type { LinkBioBlock, LinkBioView } from "@common/contract/link-bio-view";
import type { Block } from "@common/contract/link-blocks";
import { nextBlockChange } from "@common/link-bio/block-window";
import { fontFaceCss } from "@common/link-bio/fonts";
import { LINK_BIO_CSS, renderLinkBioHtml } from "@common/link-bio/render";
import { useEffect, useMemo, useState } from "react";
import { shownBlocks } from "../page-form";

/** setTimeout's longest delay (about 24 days); a later bound is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The blocks a visitor sees right now, again at each bound of a block's window, so a scheduled
 * block appears in (or leaves) the preview at its time, as on the public page.
 */
export function useBlocksShownNow(blocks: readonly Block[]): LinkBioBlock[] {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const next = nextBlockChange(blocks, now);
    if (next === null) return;
    // NOTE: a bound already past (a block added after `now` was read) fires at once and catches up.
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(Math.max(next - Date.now(), 0), LONGEST_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [blocks, now]);
  return useMemo(() => shownBlocks(blocks, now), [blocks, now]);
}

/**
 * The live preview: the public page's own renderer and CSS inside a phone frame, fed with the
 * unsaved form, so what the user sees here is what visitors get.
 */
export function LinkBioPreview({ view, fonts }: { view: LinkBioView; fonts: string[] }) {
  const html = useMemo(() => renderLinkBioHtml(view, { embedded: true }), [view]);
  // The public page's own @font-face rules: the same files from our origin.
  const fontFaces = fontFaceCss(fonts);
  return (
    <div className="mx-auto w-full max-w-[380px]">
      {fontFaces && <style>{fontFaces}</style>}
      <style>{LINK_BIO_CSS}</style>
      <div className="rounded-[2.5rem] border-[10px] border-gray-900 bg-gray-900 shadow-2xl">
        <div className="relative h-[640px] max-h-[calc(100vh-10rem)] min-h-[480px] overflow-hidden rounded-[1.9rem] bg-white">
          <div
            className="absolute left-1/2 top-2 z-10 h-5 w-24 -translate-x-1/2 rounded-full bg-gray-900"
            aria-hidden
          />
          <div
            data-testid="link-bio-preview"
            className="h-full overflow-y-auto [&_.lb]:min-h-full"
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </div>
      </div>
    </div>
  );
}
