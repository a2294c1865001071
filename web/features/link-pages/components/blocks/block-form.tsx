import type { BlockData, BlockType } from "@common/contract/link-blocks";
import type { ReactNode } from "react";
import { ContactBlockForm } from "./contact-block-form";
import { EmbedBlockForm } from "./embed-block-form";
import { FaqBlockForm } from "./faq-block-form";
import { FormBlockForm } from "./form-block-form";
import { HeaderBlockForm } from "./header-block-form";
import { ImageBlockForm } from "./image-block-form";
import { LinkBlockForm } from "./link-block-form";
import { PixBlockForm } from "./pix-block-form";
import { SocialBlockForm } from "./social-block-form";
import { TextBlockForm } from "./text-block-form";
import type { BlockFormProps } from "./use-block-form";
import { WhatsappBlockForm } from "./whatsapp-block-form";

/** The form of a block's type (a divider has none: it holds nothing). */
export function BlockForm({
  type,
  data,
  styleAction,
  pageTitle,
  ...props
}: Omit<BlockFormProps<never>, "data"> & {
  type: BlockType;
  /** The saved data of a block of this type, or null for a new one. */
  data: BlockData | null;
  styleAction?: ReactNode;
  /** The page's title (a contact form's default consent text names it). */
  pageTitle: string;
}) {
  // NOTE: `data` comes with `type` from one block (or is null), so each cast holds.
  switch (type) {
    case "link":
      return <LinkBlockForm {...props} data={data as BlockData<"link"> | null} styleAction={styleAction} />;
    case "header":
      return <HeaderBlockForm {...props} data={data as BlockData<"header"> | null} />;
    case "text":
      return <TextBlockForm {...props} data={data as BlockData<"text"> | null} />;
    case "image":
      return <ImageBlockForm {...props} data={data as BlockData<"image"> | null} />;
    case "social":
      return <SocialBlockForm {...props} data={data as BlockData<"social"> | null} />;
    case "embed":
      return <EmbedBlockForm {...props} data={data as BlockData<"embed"> | null} />;
    case "whatsapp":
      return <WhatsappBlockForm {...props} data={data as BlockData<"whatsapp"> | null} />;
    case "pix":
      return <PixBlockForm {...props} data={data as BlockData<"pix"> | null} />;
    case "contact":
      return <ContactBlockForm {...props} data={data as BlockData<"contact"> | null} />;
    case "faq":
      return <FaqBlockForm {...props} data={data as BlockData<"faq"> | null} />;
    case "form":
      return <FormBlockForm {...props} data={data as BlockData<"form"> | null} pageTitle={pageTitle} />;
    case "divider":
      return null;
  }
}
