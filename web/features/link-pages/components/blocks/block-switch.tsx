/**
 * The block's on/off switch: a 44 px target around a small track. Its name says which block and
 * what it does ("Mostrar Link “Instagram” na página"); aria-checked says whether.
 */
export function BlockSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      title={checked ? "Ativo: aparece na página" : "Desativado: não aparece na página"}
      onClick={() => onChange(!checked)}
      className="group inline-flex h-11 w-13 shrink-0 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span
        aria-hidden
        className={`relative inline-flex h-6 w-11 rounded-full transition ${checked ? "bg-brand-600" : "bg-gray-300"}`}
      >
        <span
          className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${checked ? "left-[22px]" : "left-0.5"}`}
        />
      </span>
    </button>
  );
}
