import { paths } from "@common/paths";
import { PageHeader } from "@web/components/ui/page-header";
import { useAuth } from "@web/lib/session";
import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ApiKeysCard } from "./api-keys-card";
import { DataExportLink } from "./data-export-link";
import { EmailChangeForm } from "./email-change-form";
import { GoogleConnection } from "./google-connection";
import { NotificationsCard } from "./notifications-card";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";
import { ProfilePhotoField } from "./profile-photo-field";
import { SessionsCard } from "./sessions-card";
import { WebhooksCard } from "./webhooks-card";

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = `perfil-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <p className="mt-1 mb-5 text-sm text-gray-600">{description}</p>
      {children}
    </section>
  );
}

/** /profile: the user's own account (photo, name, e-mail, password, Google, sessions, their data). */
export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Meu Perfil" description="Seus dados de acesso e o que guardamos sobre você." />
      <Section title="Dados pessoais" description="Como você aparece no Atalho.">
        <ProfileForm user={user} />
      </Section>
      <Section title="Foto" description="Aparece no menu do seu perfil.">
        <ProfilePhotoField user={user} />
      </Section>
      <Section
        title="Email"
        description="Para trocar, enviamos um link de confirmação ao novo endereço e um aviso ao atual."
      >
        <EmailChangeForm user={user} />
      </Section>
      <Section
        title="Senha"
        description="Ao trocar a senha, as sessões nos outros dispositivos são encerradas. Ao redefini-la por “Esqueceu sua senha?”, também todas as chaves de API são revogadas e os webhooks desligados."
      >
        <PasswordForm />
      </Section>
      <Section title="Conta Google" description="Entre com o Google sem digitar a senha.">
        <GoogleConnection user={user} />
      </Section>
      <Section
        title="Notificações"
        description="Avisos de novos contatos, de pagamentos, do fim da assinatura e de links bloqueados, no celular ou no computador, e os novos contatos por e-mail."
      >
        <NotificationsCard />
      </Section>
      <Section title="Sessões ativas" description="Onde a sua conta está conectada agora.">
        <SessionsCard />
      </Section>
      <Section
        title="Chaves de API"
        description="Chaves pessoais para usar a API do Atalho nos seus programas. Cada chave é mostrada uma única vez. Quem recupera a conta por “Esqueceu sua senha?” revoga todas elas."
      >
        <ApiKeysCard />
      </Section>
      <Section
        title="Webhooks"
        description="Receba no seu sistema um aviso a cada link curto criado e, em lotes, os cliques nos seus links. Quem recupera a conta por “Esqueceu sua senha?” desliga todos eles."
      >
        <WebhooksCard />
      </Section>
      <Section
        title="Seus dados"
        description="Baixe tudo o que guardamos sobre você (conta, páginas, links, cliques por dia, assinaturas, pagamentos e registros de acesso) em um arquivo JSON, como prevê a LGPD."
      >
        <DataExportLink className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2.5 text-sm font-semibold text-gray-800 shadow-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600" />
      </Section>
      <Section
        title="Excluir conta"
        description="Apaga a sua conta e todos os seus dados, de forma definitiva. Você verá antes o que é apagado e o que a lei nos obriga a guardar."
      >
        <Link
          to={paths.accountDeletion}
          className="inline-flex items-center gap-2 rounded-lg border border-red-300 bg-white px-4 py-2.5 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          Excluir minha conta
        </Link>
      </Section>
    </div>
  );
}
