import { QrCode } from "lucide-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Modal } from "./modal";

/** A QR code of a public URL, downloadable as PNG and SVG (made in the browser, no request). */
export function QrCodeButton({ url, fileName }: { url: string; fileName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1 rounded-md p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
        aria-label="QR Code"
        title="QR Code"
      >
        <QrCode className="h-4 w-4" aria-hidden />
      </button>
      {open && <QrCodeDialog url={url} fileName={fileName} onClose={() => setOpen(false)} />}
    </>
  );
}

function QrCodeDialog({ url, fileName, onClose }: { url: string; fileName: string; onClose: () => void }) {
  const [png, setPng] = useState("");
  const [svg, setSvg] = useState("");

  useEffect(() => {
    const options = { margin: 2, width: 512, errorCorrectionLevel: "M" as const };
    QRCode.toDataURL(url, options).then(setPng, () => setPng(""));
    QRCode.toString(url, { ...options, type: "svg" }).then(setSvg, () => setSvg(""));
  }, [url]);

  const svgHref = svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : "";
  return (
    <Modal title="QR Code" onClose={onClose} width="max-w-sm">
      <div className="mx-auto aspect-square w-56 rounded-lg border bg-white p-2">
        {png ? <img src={png} alt={`QR Code de ${url}`} className="h-full w-full" /> : null}
      </div>
      <p className="mt-3 break-all text-center text-sm text-gray-600">{url}</p>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <a
          href={png || undefined}
          download={`${fileName}.png`}
          className="rounded-lg bg-brand-600 px-3 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
        >
          Baixar PNG
        </a>
        <a
          href={svgHref || undefined}
          download={`${fileName}.svg`}
          className="rounded-lg border px-3 py-2 text-center text-sm font-medium text-gray-700 hover:bg-gray-50"
        >
          Baixar SVG
        </a>
      </div>
    </Modal>
  );
}
