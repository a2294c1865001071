import type { BlockData, BlockType } from "../contract/link-blocks";

/**
 * Where a tap on a block sends the visitor, among the addresses its owner typed: what the server
 * checks on save as it checks link targets (block list, private addresses, our own short links),
 * and what the page points at the warning page once its domain is blocked. Only http(s) addresses:
 * mailto: needs no check, and wa.me and the players' addresses are built by us. An image's own
 * address is drawn, not followed.
 */
export function blockTargetUrls(type: BlockType, data: BlockData): string[] {
  const urls: (string | undefined)[] = [];
  mapBlockTargets(type, data, (url) => {
    urls.push(url);
    return url;
  });
  return urls.filter((url): url is string => url !== undefined);
}

/** The block's data with each http(s) target replaced by `replace(url)` (same shape, a new object). */
export function mapBlockTargets<T extends BlockData>(
  type: BlockType,
  data: T,
  replace: (url: string) => string,
): T {
  const http = (url: string | undefined) => (url && /^https?:/i.test(url) ? replace(url) : url);
  switch (type) {
    case "link": {
      const link = data as BlockData<"link">;
      return { ...link, url: http(link.url) } as T;
    }
    case "image": {
      const image = data as BlockData<"image">;
      return image.link_url ? ({ ...image, link_url: http(image.link_url) } as T) : data;
    }
    case "social": {
      const social = data as BlockData<"social">;
      return { ...social, items: social.items.map((item) => ({ ...item, url: http(item.url)! })) } as T;
    }
    case "contact": {
      const contact = data as BlockData<"contact">;
      return contact.website ? ({ ...contact, website: http(contact.website) } as T) : data;
    }
    default:
      return data;
  }
}
