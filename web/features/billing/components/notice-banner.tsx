import { CircleAlert, CircleCheck, Info, X } from "lucide-react";

export type Notice = { tone: "success" | "info" | "error"; message: string };

const TONES = {
  success: {
    box: "border-green-200 bg-green-50 text-green-900",
    icon: CircleCheck,
    iconTone: "text-green-600",
  },
  info: { box: "border-blue-200 bg-blue-50 text-blue-900", icon: Info, iconTone: "text-blue-600" },
  error: { box: "border-red-200 bg-red-50 text-red-900", icon: CircleAlert, iconTone: "text-red-600" },
};

/** A dismissible message at the top of a screen; errors are alerts, the rest polite status. */
export function NoticeBanner({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const { box, icon: Icon, iconTone } = TONES[notice.tone];
  return (
    <div
      role={notice.tone === "error" ? "alert" : "status"}
      className={`flex items-start gap-3 rounded-xl border px-4 py-3 shadow-sm ${box}`}
    >
      <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${iconTone}`} aria-hidden />
      <p className="flex-1 text-sm font-medium">{notice.message}</p>
      <button
        type="button"
        onClick={onClose}
        className="-m-1 rounded-md p-1 opacity-70 hover:bg-black/5 hover:opacity-100"
        aria-label="Fechar aviso"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
