import type { ButtonStyle } from "../button-style";
import type { BlockData, BlockType } from "./link-blocks";
import type { BackgroundType } from "./link-pages";

/** One block as the renderer draws it: its id (a link's id, for clicks), type and checked data. */
export type LinkBioBlock = { [T in BlockType]: { id: number; type: T; data: BlockData<T> } }[BlockType];

/**
 * What the public page and the editor's preview render: the page's look and the blocks shown, in
 * page order. The caller decides which blocks are shown (switched on and inside their window:
 * common/link-bio/block-window.ts); the renderer draws every block it is given.
 */
export type LinkBioView = {
  title: string;
  description: string | null;
  profileImageUrl: string | null;
  backgroundColor: string;
  textColor: string;
  buttonStyle: Partial<ButtonStyle>;
  background: {
    type: BackgroundType;
    gradientTo: string | null;
    gradientDirection: string | null;
    imageUrl: string | null;
  };
  blocks: LinkBioBlock[];
};
