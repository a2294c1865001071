import { BLOCK_LIMITS, type BlockData } from "@common/contract/link-blocks";
import { SOCIAL_NETWORK_INFO, SOCIAL_NETWORKS, type SocialNetwork } from "@common/link-bio/social-networks";
import { SelectField } from "@web/components/ui/select-field";
import { TextField } from "@web/components/ui/text-field";
import { BlockFormFrame } from "./block-form-frame";
import { ItemRowsFooter, itemRows, RemoveRowButton, useRowKeys } from "./item-rows";
import { type BlockFormProps, useBlockForm } from "./use-block-form";

type Item = { key: number; network: SocialNetwork; url: string };

/** What to type for a network: its link, or also the @ where it has profile addresses. */
function placeholderOf(network: SocialNetwork): string {
  if (network === "email") return "contato@exemplo.com.br";
  if (network === "site") return "https://seusite.com.br";
  if (network === "whatsapp") return "(11) 98765-4321";
  const info = SOCIAL_NETWORK_INFO[network];
  return info.handle ? `@seu_perfil ou ${info.example}` : info.example;
}

/** Rows of network + address (1 to 20), drawn on the page as a row of brand icons. */
export function SocialBlockForm({
  data,
  label,
  submitLabel,
  onSave,
  onCancel,
}: BlockFormProps<BlockData<"social">>) {
  const keyed = useRowKeys();
  const form = useBlockForm({
    type: "social",
    initialValues: () => ({
      items: (data?.items ?? [{ network: "instagram" as SocialNetwork, url: "" }]).map(
        (item): Item => keyed(item),
      ),
    }),
    toData: (values) => ({ items: values.items.map(({ network, url }) => ({ network, url })) }),
    onSave,
  });
  const { items } = form.values;
  const rows = itemRows(items, (next) => form.setValue("items", next));
  const change = rows.change;
  // Used networks come later in the new row's pick: the next one is likely another.
  const unused = SOCIAL_NETWORKS.find((network) => !items.some((item) => item.network === network));

  return (
    <BlockFormFrame label={label} form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <ul className="space-y-3">
        {items.map((item, index) => (
          <li key={item.key} className="rounded-lg border border-gray-200 p-3">
            <div className="flex items-end gap-2">
              <SelectField
                label={`Rede ${index + 1}`}
                value={item.network}
                onChange={(event) => change(item.key, { network: event.target.value as SocialNetwork })}
                error={form.error(`items.${index}.network`)}
                className="min-w-0 flex-1"
              >
                {SOCIAL_NETWORKS.map((network) => (
                  <option key={network} value={network}>
                    {SOCIAL_NETWORK_INFO[network].label}
                  </option>
                ))}
              </SelectField>
              <RemoveRowButton
                label={`Remover rede ${index + 1}`}
                disabled={items.length <= BLOCK_LIMITS.socialItemsMin}
                onClick={() => rows.remove(item.key)}
              />
            </div>
            <TextField
              label={`Endereço da rede ${index + 1}`}
              className="mt-3"
              type={item.network === "email" ? "email" : "text"}
              inputMode={item.network === "email" ? "email" : item.network === "whatsapp" ? "tel" : "url"}
              autoCapitalize="none"
              maxLength={2048}
              placeholder={placeholderOf(item.network)}
              value={item.url}
              onChange={(event) => change(item.key, { url: event.target.value })}
              error={form.error(`items.${index}.url`)}
            />
          </li>
        ))}
      </ul>
      <ItemRowsFooter
        error={form.error("items")}
        addLabel="Adicionar rede"
        full={items.length >= BLOCK_LIMITS.socialItemsMax}
        onAdd={() => form.setValue("items", [...items, keyed({ network: unused ?? "instagram", url: "" })])}
      />
    </BlockFormFrame>
  );
}
