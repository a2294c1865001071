// / (spec 2): the landing page. Server-rendered with its head; a dead short link lands here with
// ?aviso=link-indisponivel and the notice explains.
import { APP_NAME } from "@common/brand";
import { LandingPage } from "@web/features/landing/components/landing-page";
import {
  isUnavailableLinkVisit,
  UnavailableLinkNotice,
} from "@web/features/shortened-urls/components/unavailable-link-notice";
import { Island } from "@web/lib/island";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { PageHead } from "../page-head";

export const head: PageHead = {
  title: `${APP_NAME}: Link Bio e links curtos com análise de cliques`,
  description:
    "Crie sua página Link Bio, encurte links com QR Code e veja cada clique por país e dispositivo. Sem guardar IP, com Pix e boleto. Comece grátis.",
  path: "/",
};

export function Component() {
  const [params] = useSearchParams();
  // Decided once: the notice drops the parameters as it opens, and must not go with them. Any other
  // visitor gets no notice at all, nor its island's code.
  const [sentByDeadLink] = useState(() => isUnavailableLinkVisit(params));
  useDocumentTitle(head.title);
  return (
    <LandingPage
      notice={
        sentByDeadLink && (
          <Island name="unavailable-link-notice" component={UnavailableLinkNotice} props={{}} />
        )
      }
    />
  );
}
