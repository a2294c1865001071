import { buttonTextContrast } from "@common/button-style";
import type { Block } from "@common/contract/link-blocks";
import {
  LINK_PAGE_MESSAGES,
  type LinkPage,
  type LinkPageBody,
  linkPageBodySchema,
} from "@common/contract/link-pages";
import { paths, previewOf } from "@common/paths";
import { normalizeSlug, slugFromTitle } from "@common/slug";
import { useQuery } from "@tanstack/react-query";
import { BackLink } from "@web/components/ui/back-link";
import { CopyButton } from "@web/components/ui/copy-button";
import { isPlanLimitError, PlanLimitNotice } from "@web/components/ui/plan-limit-notice";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { useAvailableDomains } from "@web/lib/available-domains";
import { copyToClipboard } from "@web/lib/clipboard";
import { usageLimitsQuery } from "@web/lib/plans";
import { useContractForm } from "@web/lib/use-contract-form";
import { useUnsavedChangesWarning } from "@web/lib/use-unsaved-changes-warning";
import { ChevronDown, ExternalLink, Eye, EyeOff, Loader2, Palette, Save } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useSaveLinkPage } from "../api/use-save-link-page";
import {
  applyTheme,
  type DraftLink,
  draftToPreview,
  formToBody,
  formToView,
  type PageForm,
  pageToForm,
  viewFonts,
} from "../page-form";
import { publicPageUrl } from "../public-url";
import { BlocksEditor } from "./blocks-editor";
import { ButtonStyleEditor } from "./button-style-editor";
import { ContrastWarning } from "./contrast-warning";
import { DomainSelect } from "./domain-select";
import { LinkBioPreview, useBlocksShownNow } from "./link-bio-preview";
import { LinksEditor } from "./links-editor";
import { PageBackgroundFields } from "./page-background-fields";
import { PageVisibilityFields } from "./page-visibility-fields";
import { TextField } from "./text-field";
import { ThemeGallery } from "./theme-gallery";
import { UploadOrUrlImageField } from "./upload-or-url-image-field";

/** The body fields each collapsible section holds: an error on one opens its section. */
const APPEARANCE_FIELDS = [
  "background_type",
  "background_color",
  "background_gradient_to",
  "background_gradient_direction",
  "background_image_url",
  "text_color",
  "button_style",
  "button_font",
  "button_size",
];
const VISIBILITY_FIELDS = ["is_active", "is_sensitive", "seo_title", "seo_description"];

/**
 * What the plan's usage already says before a new page is filled: the limit reached, or null.
 * Unlimited is null or -1 (spec 3); a usage that cannot be read blocks nothing (the server decides).
 */
function usePageLimitReached(isNew: boolean): string | null {
  const { data } = useQuery({ ...usageLimitsQuery, enabled: isNew });
  const usage = data?.link_pages;
  if (!isNew || !usage || usage.limit === null || usage.limit < 0 || usage.used < usage.limit) return null;
  return `Você atingiu o limite de ${usage.limit} ${usage.limit === 1 ? "Link Bio" : "Link Bios"} do seu plano. Faça upgrade para criar mais.`;
}

/**
 * The Link Bio editor for a new page (page null) or a saved one (with its blocks, which save on
 * their own), with its live preview.
 */
export function LinkPageEditorForm({ page, blocks }: { page: LinkPage | null; blocks: Block[] }) {
  const navigate = useNavigate();
  const savePage = useSaveLinkPage();
  const domains = useAvailableDomains();
  const limitNotice = useRef<HTMLDivElement>(null);
  // A new page's slug follows its title until the user types a slug of their own; a saved page's
  // never does (its public address would change behind the user's back).
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(page === null);
  // A new page collects its links here and creates them with itself on the first save.
  const [drafts, setDrafts] = useState<DraftLink[]>([]);
  const [draftErrors, setDraftErrors] = useState<Partial<Record<number, string>>>({});
  const {
    values: form,
    setValues: setForm,
    setValue: set,
    error,
    submitError,
    busy,
    handleSubmit,
  } = useContractForm({
    schema: linkPageBodySchema,
    initialValues: () => pageToForm(page),
    toBody: formToBody,
    // NOTE: sent as the form makes it, not as parsed: the wire carries button_style as JSON text.
    onSubmit: (_checked, values) => save(formToBody(values)),
    onInvalid: (errors) => toast.error(Object.values(errors)[0] ?? LINK_PAGE_MESSAGES.saveFailed),
    onError: (failure) => {
      if (failure instanceof ApiError && !page) {
        const byDraft: Partial<Record<number, string>> = {};
        drafts.forEach((draft, i) => {
          byDraft[draft.key] = failure.field(`links.${i}.url`) ?? failure.field(`links.${i}.title`);
        });
        setDraftErrors(byDraft);
      }
      if (isPlanLimitError(failure)) {
        // Said once, in the notice at the top (not again in a toast), brought into view.
        requestAnimationFrame(() => limitNotice.current?.scrollIntoView?.({ block: "center" }));
        return;
      }
      toast.error(errorMessage(failure, LINK_PAGE_MESSAGES.saveFailed));
    },
  });
  const [baseline, setBaseline] = useState<PageForm>(form);
  const limitError = isPlanLimitError(submitError) ? submitError : null;
  const limitReached = usePageLimitReached(page === null);
  // One notice for both: the server's refusal, else the limit the usage already shows.
  const limitMessage = limitError ?? limitReached;
  const [styleOpen, setStyleOpen] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const dirty = JSON.stringify(form) !== JSON.stringify(baseline) || drafts.length > 0;
  const { allowNextNavigation } = useUnsavedChangesWarning(dirty);

  // The default domain is pre-selected when none is set (spec 7), without counting as a change.
  const defaultDomainId = domains?.find((d) => d.is_default)?.id ?? domains?.[0]?.id;
  useEffect(() => {
    if (defaultDomainId === undefined) return;
    const pick = (f: PageForm) => (f.domainId === null ? { ...f, domainId: defaultDomainId } : f);
    setForm(pick);
    setBaseline(pick);
  }, [defaultDomainId, setForm]);

  const setTitle = (title: string) =>
    setForm((f) => ({ ...f, title, slug: slugFollowsTitle ? slugFromTitle(title) : f.slug }));
  const setSlug = (typed: string) => {
    const slug = normalizeSlug(typed);
    // Emptied: the slug follows the title again from its next change.
    setSlugFollowsTitle(slug === "");
    set("slug", slug);
  };
  const shown = useBlocksShownNow(blocks);
  // An untitled page cannot be saved; until then the preview shows a placeholder title, not a blank.
  const view = useMemo(
    () =>
      formToView(
        { ...form, title: form.title.trim() || "Título da sua página" },
        page ? shown : drafts.map(draftToPreview),
      ),
    [form, shown, drafts, page],
  );
  const savedUrl = page ? publicPageUrl(page.slug, page.custom_domain_id, domains) : null;
  const canSave = form.title.trim() !== "" && form.slug !== "" && !busy && !limitReached;

  async function save(body: LinkPageBody) {
    setDraftErrors({});
    const saved = await savePage.mutateAsync(
      page
        ? { id: page.id, body }
        : { id: null, body: { ...body, links: drafts.map(({ title, url }) => ({ title, url })) } },
    );
    const savedForm = pageToForm(saved);
    setForm(savedForm);
    setBaseline(savedForm);
    if (page) {
      toast.success("Link Bio salva!");
      return;
    }
    const url = publicPageUrl(saved.slug, saved.custom_domain_id, domains);
    setDrafts([]);
    allowNextNavigation();
    navigate(paths.editLinkPage(saved.id), { replace: true });
    const copied = await copyToClipboard(url);
    toast.success(
      copied ? "Link Bio criada! URL copiada para a área de transferência." : "Link Bio criada!",
      {
        description: url,
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => (canSave ? void handleSubmit(event) : event.preventDefault())}
      className={`space-y-6 ${dirty ? "pb-20 lg:pb-0" : ""}`}
    >
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div>
          <BackLink to={paths.linkPages}>Link Bios</BackLink>
          <h1 className="text-2xl font-bold text-gray-900">{page ? "Editar Link Bio" : "Nova Link Bio"}</h1>
          {dirty && <p className="text-sm text-amber-700">Alterações não salvas</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {savedUrl && (
            <>
              <a
                href={previewOf(savedUrl)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 rounded-lg border border-gray-200 bg-white px-3 py-2 text-sm font-medium text-gray-700 shadow-sm hover:bg-gray-50"
              >
                <ExternalLink className="h-4 w-4" aria-hidden />
                Visualizar
              </a>
              <CopyButton
                text={savedUrl}
                variant="outline"
                label="Copiar URL"
                className="inline-flex items-center gap-1.5 rounded-lg border border-gray-200 bg-white px-3 py-2 text-sm font-medium text-gray-700 shadow-sm hover:bg-gray-50"
              />
            </>
          )}
          <button
            type="submit"
            disabled={!canSave}
            className="inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {busy ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Save className="h-4 w-4" aria-hidden />
            )}
            {busy ? "Salvando..." : "Salvar Link Bio"}
          </button>
        </div>
      </div>

      {limitMessage && (
        <div ref={limitNotice}>
          <PlanLimitNotice error={limitMessage} />
        </div>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="min-w-0 space-y-6">
          <Card title="Informações">
            <TextField
              label="Título"
              required
              value={form.title}
              onChange={setTitle}
              error={error("title")}
              maxLength={100}
              placeholder="Ex.: Maria Silva"
            />
            <TextField
              label="Slug da URL"
              required
              prefix="/p/"
              value={form.slug}
              onChange={setSlug}
              error={error("slug")}
              maxLength={50}
              placeholder="maria-silva"
              hint="Apenas letras minúsculas, números, - e _"
            />
            {domains && (
              <DomainSelect
                domains={domains}
                value={form.domainId}
                onChange={(v) => set("domainId", v)}
                error={error("custom_domain_id")}
              />
            )}
            <TextField
              label="Descrição"
              multiline
              value={form.description}
              onChange={(v) => set("description", v)}
              error={error("description")}
              maxLength={500}
              placeholder="Conte em uma frase quem você é"
            />
            <UploadOrUrlImageField
              label="Imagem de Perfil"
              shape="avatar"
              alt="Imagem de perfil"
              uploadLabel="Enviar imagem"
              removeLabel="Remover"
              urlLabel="URL da imagem de perfil"
              value={form.profileImageUrl}
              onChange={(v) => set("profileImageUrl", v)}
              error={error("profile_image_url")}
            />
          </Card>

          <CollapsibleCard
            title="Aparência"
            defaultOpen
            forceOpen={APPEARANCE_FIELDS.some((field) => error(field))}
          >
            <ThemeGallery form={form} onPick={(theme) => setForm((f) => applyTheme(f, theme))} />
            <div className="border-t border-gray-100 pt-4">
              <PageBackgroundFields form={form} onChange={setForm} error={error} />
            </div>
            <div className="space-y-3 border-t border-gray-100 pt-4">
              <div className="flex items-center justify-between gap-3">
                <h3 className="text-sm font-semibold text-gray-900">Estilo dos botões</h3>
                <button
                  type="button"
                  aria-expanded={styleOpen}
                  onClick={() => setStyleOpen((open) => !open)}
                  className="inline-flex items-center gap-1.5 rounded-lg border border-gray-200 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
                >
                  <Palette className="h-4 w-4" aria-hidden />
                  {styleOpen ? "Fechar" : "Personalizar"}
                </button>
              </div>
              {styleOpen ? (
                <ButtonStyleEditor
                  style={form.buttonStyle}
                  onChange={(patch) =>
                    setForm((f) => ({ ...f, buttonStyle: { ...f.buttonStyle, ...patch } }))
                  }
                />
              ) : (
                <>
                  <p className="text-sm text-gray-600">
                    Cores, fonte, formato e efeitos de todos os botões. Cada link pode ter o seu próprio
                    estilo.
                  </p>
                  <ContrastWarning
                    ratio={buttonTextContrast(form.buttonStyle)}
                    subject="o texto dos botões"
                  />
                </>
              )}
            </div>
          </CollapsibleCard>

          {page ? (
            <Card title={`Blocos${blocks.length ? ` (${blocks.length})` : ""}`}>
              <BlocksEditor
                pageId={page.id}
                blocks={blocks}
                pageStyle={form.buttonStyle}
                pageTitle={page.title}
              />
            </Card>
          ) : (
            <Card title={`Links${drafts.length ? ` (${drafts.length})` : ""}`}>
              <LinksEditor
                links={drafts}
                onChange={(next) => {
                  setDrafts(next);
                  setDraftErrors({});
                }}
                errors={draftErrors}
              />
            </Card>
          )}

          <CollapsibleCard
            title="Visibilidade e SEO"
            // Closed while it holds nothing but the defaults; open when something here is set.
            defaultOpen={
              !form.isActive || form.isSensitive || form.seoTitle !== "" || form.seoDescription !== ""
            }
            forceOpen={VISIBILITY_FIELDS.some((field) => error(field))}
          >
            <PageVisibilityFields form={form} onChange={set} error={error} />
          </CollapsibleCard>
        </div>

        <aside className="min-w-0 lg:sticky lg:top-24 lg:self-start">
          <button
            type="button"
            onClick={() => setPreviewOpen((open) => !open)}
            aria-expanded={previewOpen}
            className="flex w-full items-center justify-center gap-2 rounded-lg border border-gray-200 bg-white px-4 py-2.5 text-sm font-medium text-gray-700 shadow-sm lg:hidden"
          >
            {previewOpen ? (
              <EyeOff className="h-4 w-4" aria-hidden />
            ) : (
              <Eye className="h-4 w-4" aria-hidden />
            )}
            {previewOpen ? "Ocultar prévia" : "Mostrar prévia"}
          </button>
          <div className={`${previewOpen ? "mt-4 block" : "hidden"} lg:mt-0 lg:block`}>
            <p className="mb-3 hidden text-center text-sm font-medium text-gray-500 lg:block">
              Prévia ao vivo
            </p>
            {form.isSensitive && (
              // The preview shows the content itself; visitors see the 18+ notice first.
              <p className="mb-3 text-center text-xs text-gray-500">
                Visitantes confirmam ter 18 anos ou mais antes de ver esta página.
              </p>
            )}
            <LinkBioPreview view={view} fonts={viewFonts(view)} />
          </div>
        </aside>
      </div>

      {dirty && (
        // Phones: the save button at the top is far away once the user scrolls down.
        <div className="fixed inset-x-0 bottom-0 z-40 flex items-center justify-between gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur lg:hidden">
          <span className="text-sm text-amber-700">Alterações não salvas</span>
          <button
            type="submit"
            disabled={!canSave}
            className="inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-50"
          >
            {busy ? "Salvando..." : "Salvar alterações"}
          </button>
        </div>
      )}
    </form>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="mb-4 text-base font-semibold text-gray-900">{title}</h2>
      <div className="space-y-4">{children}</div>
    </section>
  );
}

/**
 * A card that folds (a long form on a phone): its title is the summary, and it opens by itself when
 * a field inside gets an error, so a refused save always shows its reason at the field.
 */
function CollapsibleCard({
  title,
  defaultOpen,
  forceOpen,
  children,
}: {
  title: string;
  defaultOpen: boolean;
  forceOpen: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => {
    if (forceOpen) setOpen(true);
  }, [forceOpen]);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-xl border border-gray-200 bg-white shadow-sm"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl p-5 sm:p-6 [&::-webkit-details-marker]:hidden">
        <h2 className="text-base font-semibold text-gray-900">{title}</h2>
        <ChevronDown
          className="h-5 w-5 text-gray-500 transition-transform group-open:rotate-180"
          aria-hidden
        />
      </summary>
      <div className="space-y-4 px-5 pb-5 sm:px-6 sm:pb-6">{children}</div>
    </details>
  );
}
