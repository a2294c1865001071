import { CreditCard, Lock, RefreshCw } from "lucide-react";

/** What the pricing page and the landing page's pricing promise under the plans. */
export function PaymentAssurances({ className = "" }: { className?: string }) {
  return (
    <ul
      className={`flex flex-col items-center justify-center gap-x-8 gap-y-3 text-sm text-gray-600 sm:flex-row ${className}`}
    >
      <li className="flex items-center gap-2">
        <Lock className="h-4 w-4 text-gray-500" aria-hidden />
        Pagamento seguro via Mercado Pago
      </li>
      <li className="flex items-center gap-2">
        <CreditCard className="h-4 w-4 text-gray-500" aria-hidden />
        Pix, cartão de crédito ou boleto
      </li>
      <li className="flex items-center gap-2">
        <RefreshCw className="h-4 w-4 text-gray-500" aria-hidden />
        Cancele quando quiser
      </li>
    </ul>
  );
}
