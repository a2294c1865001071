import type { Block, BlockCreateBody } from "@common/contract/link-blocks";

/**
 * The body that makes this block again (a duplicate, or a deleted block undone): same type, data,
 * switch and window. An image we stored goes as its bytes (a data URL): the copy gets a file of
 * its own, and a deleted block's file (removed with it) can still come back.
 */
export async function blockCopyBody(block: Block): Promise<BlockCreateBody> {
  const { type, data, is_active, starts_at, ends_at } = block;
  const copy = { type, data, is_active, starts_at, ends_at } as BlockCreateBody;
  if (block.type !== "image" || !block.data.image_url.startsWith("/uploads/")) return copy;
  return {
    ...copy,
    data: { ...block.data, image_url: await inlineImage(block.data.image_url) },
  } as BlockCreateBody;
}

/** A stored image as a data URL, or its path when it cannot be read (the server then decides). */
async function inlineImage(path: string): Promise<string> {
  try {
    const response = await fetch(path, { credentials: "same-origin" });
    if (!response.ok) return path;
    const blob = await response.blob();
    if (!blob.type.startsWith("image/")) return path;
    return await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(blob);
    });
  } catch {
    return path;
  }
}
