import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  BLOG_POST_STATUSES,
  BLOG_STATUS_LABELS,
  type BlogPost,
  type BlogPostStatus,
  normalizePostSlug,
} from "@common/contract/blog";
import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { BackLink } from "@web/components/ui/back-link";
import { Button } from "@web/components/ui/button";
import { CheckboxField } from "@web/components/ui/checkbox-field";
import { ListError, ListLoading } from "@web/components/ui/list-states";
import { SelectField } from "@web/components/ui/select-field";
import { TextAreaField } from "@web/components/ui/text-area-field";
import { TextField } from "@web/components/ui/text-field";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { useUnsavedChangesWarning } from "@web/lib/use-unsaved-changes-warning";
import { ExternalLink, Save, Send } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { toast } from "sonner";
import { blogPostQuery } from "../api/blog-posts";
import { useSavePost } from "../api/use-save-post";
import { BlogCategoriesStates } from "./blog-categories-states";
import { FeaturedImageField } from "./featured-image-field";
import { HtmlPreview } from "./html-preview";
import {
  NEW_POST_VALUES,
  type PostFormValues,
  postBody,
  postFormValues,
  postSaveError,
  postValidationError,
  typedSlug,
} from "./post-form";

const inputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3.5 py-2.5 text-base text-gray-900 shadow-xs placeholder:text-gray-500 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none sm:text-sm";

/** 'n/max', red once over (the save then says why). */
function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span className={`text-xs tabular-nums ${length > max ? "font-semibold text-red-600" : "text-gray-500"}`}>
      {length}/{max}
    </span>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 className="mb-4 text-sm font-semibold text-gray-900">{title}</h2>
      <div className="space-y-4">{children}</div>
    </section>
  );
}

/** The fields whose length the form counts as it is typed. */
const COUNTED_MAX = { excerpt: BLOG_LIMITS.excerpt, meta_description: BLOG_LIMITS.metaDescription } as const;

/** A text area with its 'n/max' beside the label. */
function CountedTextArea({
  label,
  value,
  onChange,
  rows,
  max,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  max: number;
  hint?: string;
}) {
  return (
    <TextAreaField
      label={label}
      labelAside={<Counter length={value.length} max={max} />}
      rows={rows}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={hint}
    />
  );
}

type Action = "save" | "publish";

/** The form of one post (null: a new one); its values start from the loaded post. */
function PostEditorForm({ post }: { post: BlogPost | null }) {
  const navigate = useNavigate();
  const save = useSavePost();
  const [baseline, setBaseline] = useState<PostFormValues>(() =>
    post ? postFormValues(post) : NEW_POST_VALUES,
  );
  const [values, setValues] = useState<PostFormValues>(baseline);
  // Spec 5: the slug follows the title only while it is empty (a saved post's address never moves by itself).
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(() => !post?.slug);
  const [action, setAction] = useState<Action | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(baseline);
  const { allowNextNavigation } = useUnsavedChangesWarning(
    dirty,
    values.title.trim() ? `o post “${values.title.trim()}”` : "o post",
  );
  const slugId = useId();
  const contentId = useId();

  const set =
    <K extends keyof PostFormValues>(key: K) =>
    (value: PostFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  /** A counted text area bound to its value, with its maximum. */
  const counted = (key: keyof typeof COUNTED_MAX) => ({
    value: values[key],
    onChange: set(key),
    max: COUNTED_MAX[key],
  });

  const onTitle = (title: string) =>
    setValues((current) => ({
      ...current,
      title,
      slug: slugFollowsTitle ? normalizePostSlug(title) : current.slug,
    }));

  const onSlug = (raw: string) => {
    const slug = typedSlug(raw);
    setSlugFollowsTitle(slug === "");
    set("slug")(slug);
  };

  const toggleCategory = (id: number, checked: boolean) =>
    setValues((current) => ({
      ...current,
      category_ids: checked
        ? [...current.category_ids, id]
        : current.category_ids.filter((categoryId) => categoryId !== id),
    }));

  const hasTitleAndContent = values.title.trim() !== "" && values.content.trim() !== "";
  const saving = save.isPending;

  const submit = (kind: Action) => {
    const publishing = kind === "publish";
    // Spec 4: 'Publicar' forces published; 'Salvar Rascunho' keeps the chosen status.
    const body = postBody(values, publishing ? "published" : values.status);
    const invalid = postValidationError(body, publishing);
    if (invalid) {
      toast.error(invalid);
      return;
    }
    setAction(kind);
    if (publishing) set("status")("published");
    save.mutate(
      { id: post?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast.success(publishing ? BLOG_MESSAGES.postPublished : BLOG_MESSAGES.postSaved);
          if (!post) {
            allowNextNavigation();
            navigate(paths.editBlogPost(saved.id), { replace: true });
            return;
          }
          // What the server stored (the content sanitised) becomes the form and its clean state.
          const stored = postFormValues(saved);
          setValues(stored);
          setBaseline(stored);
          setSlugFollowsTitle(!stored.slug);
        },
        onError: (error) => {
          if (publishing) set("status")(values.status);
          toast.error(postSaveError(error, publishing));
        },
        onSettled: () => setAction(null),
      },
    );
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <BackLink to={paths.adminBlog}>Voltar</BackLink>
          <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            {post ? "Editar Post" : "Novo Post"}
          </h1>
          {dirty && <p className="mt-1 text-sm text-amber-700">Alterações não salvas</p>}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {post?.status === "published" && (
            <a
              href={paths.blogPost(post.slug)}
              target="_blank"
              rel="noopener noreferrer"
              className="col-span-2 inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-gray-700 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
            >
              <ExternalLink className="h-4 w-4" aria-hidden />
              Visualizar
            </a>
          )}
          <Button
            variant="secondary"
            onClick={() => submit("save")}
            disabled={saving || !hasTitleAndContent}
            loading={action === "save"}
          >
            {action !== "save" && <Save className="h-4 w-4" aria-hidden />}
            Salvar Rascunho
          </Button>
          <Button
            onClick={() => submit("publish")}
            disabled={saving || !hasTitleAndContent || values.slug.trim() === ""}
            loading={action === "publish"}
          >
            {action !== "publish" && <Send className="h-4 w-4" aria-hidden />}
            Publicar
          </Button>
        </div>
      </div>

      <form
        noValidate
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="min-w-0 space-y-6">
          <Card title="Conteúdo">
            <TextField
              label="Título"
              value={values.title}
              onChange={(event) => onTitle(event.target.value)}
              placeholder="Título do post"
            />
            <div>
              <label htmlFor={slugId} className="mb-1.5 block text-sm font-medium text-gray-700">
                Slug
              </label>
              <div className="flex rounded-lg shadow-xs">
                <span className="inline-flex items-center rounded-l-lg border border-r-0 border-gray-300 bg-gray-50 px-3 text-sm text-gray-500">
                  /blog/
                </span>
                <input
                  id={slugId}
                  value={values.slug}
                  maxLength={BLOG_LIMITS.slugMax + 1}
                  onChange={(event) => onSlug(event.target.value)}
                  onBlur={() => set("slug")(normalizePostSlug(values.slug))}
                  placeholder="meu-post"
                  aria-describedby={`${slugId}-hint`}
                  className={`${inputClass} min-w-0 rounded-l-none shadow-none`}
                />
              </div>
              <p id={`${slugId}-hint`} className="mt-1.5 text-xs text-gray-500">
                Letras minúsculas, números, - e _ (de 3 a 100 caracteres).
              </p>
            </div>
            <div className="grid gap-4 xl:grid-cols-2">
              <div className="min-w-0">
                <label htmlFor={contentId} className="mb-1.5 block text-sm font-medium text-gray-700">
                  Conteúdo (HTML)
                </label>
                <textarea
                  id={contentId}
                  rows={20}
                  value={values.content}
                  onChange={(event) => set("content")(event.target.value)}
                  spellCheck={false}
                  placeholder="<p>Escreva o post em HTML...</p>"
                  className={`${inputClass} font-mono text-sm sm:text-xs`}
                />
              </div>
              <div className="flex min-w-0 flex-col">
                <span className="mb-1.5 block text-sm font-medium text-gray-700">Pré-visualização</span>
                <HtmlPreview html={values.content} title="Pré-visualização do conteúdo" />
              </div>
            </div>
            <CountedTextArea
              label="Resumo (excerpt)"
              rows={3}
              {...counted("excerpt")}
              hint="Aparece nos cartões do blog e na busca."
            />
          </Card>

          <Card title="SEO">
            <CountedTextArea label="Meta description" rows={2} {...counted("meta_description")} />
            <TextField
              label="Palavras-chave"
              value={values.meta_keywords}
              onChange={(event) => set("meta_keywords")(event.target.value)}
              placeholder="link na bio, marketing, instagram"
              hint="Separadas por vírgula; viram as tags do post."
            />
          </Card>
        </div>

        <div className="min-w-0 space-y-6">
          <Card title="Publicação">
            <SelectField
              label="Status"
              value={values.status}
              onChange={(event) => set("status")(event.target.value as BlogPostStatus)}
            >
              {BLOG_POST_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {BLOG_STATUS_LABELS[status]}
                </option>
              ))}
            </SelectField>
            <CheckboxField
              label="Post em destaque"
              hint="Até 3 aparecem em 'Destaques' no blog."
              checked={values.is_featured}
              onChange={set("is_featured")}
            />
          </Card>

          <Card title="Categorias">
            <BlogCategoriesStates>
              {(list) =>
                list.length === 0 ? (
                  <p className="text-sm text-gray-500">
                    Nenhuma categoria ainda.{" "}
                    <Link
                      to={paths.adminBlog}
                      className="font-medium text-brand-700 underline underline-offset-2"
                    >
                      Criar categorias
                    </Link>
                  </p>
                ) : (
                  <fieldset className="max-h-72 space-y-0.5 overflow-y-auto">
                    <legend className="sr-only">Categorias do post</legend>
                    {list.map((category) => (
                      <CheckboxField
                        key={category.id}
                        label={category.name}
                        checked={values.category_ids.includes(category.id)}
                        onChange={(checked) => toggleCategory(category.id, checked)}
                      />
                    ))}
                  </fieldset>
                )
              }
            </BlogCategoriesStates>
          </Card>

          <Card title="Imagem destacada">
            <FeaturedImageField value={values.featured_image_url} onChange={set("featured_image_url")} />
          </Card>
        </div>
      </form>
    </div>
  );
}

/**
 * 'Novo Post' (id null) and 'Editar Post' (spec 2). A post that does not exist (404) sends the
 * administrator back to the list.
 */
export function BlogPostEditor({ id }: { id: number | null }) {
  const post = useQuery({ ...blogPostQuery(id ?? 0), enabled: id !== null });
  if (id === null) return <PostEditorForm post={null} />;
  if (post.isPending) return <ListLoading label="Carregando post" />;
  if (post.isError) {
    if (post.error instanceof ApiError && post.error.status === 404) {
      return <Navigate to={paths.adminBlog} replace />;
    }
    return (
      <ListError
        message={errorMessage(post.error, BLOG_MESSAGES.loadFailed)}
        onRetry={() => void post.refetch()}
      />
    );
  }
  return <PostEditorForm post={post.data} />;
}
