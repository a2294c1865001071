import { BLOG_STATUS_LABELS, type BlogPostStatus } from "@common/contract/blog";
import { Badge, type BadgeTone } from "@web/components/ui/badge";

/** Spec 2: green published, yellow draft, grey archived. */
const TONES: Record<BlogPostStatus, BadgeTone> = { published: "green", draft: "amber", archived: "gray" };

export function BlogStatusBadge({ status }: { status: BlogPostStatus }) {
  return <Badge tone={TONES[status]}>{BLOG_STATUS_LABELS[status]}</Badge>;
}
