import { APP_NAME } from "@common/brand";
import { paths } from "@common/paths";
import {
  EmailLink,
  LegalDocument,
  LegalFacts,
  LegalList,
  type LegalSection,
  LegalSubheading,
  TextLink,
} from "./legal-document";

/**
 * The privacy policy (spec 2: data collected, sharing, retention, LGPD rights, minors, the data
 * protection officer). NOTE: every fact about what is kept, and for how long, is what the code does:
 * clicks (server/modules/clicks/click-info.ts), the analytics purge
 * (server/modules/analytics/analytics-retention.ts), sessions (server/modules/auth/session.ts),
 * payments (db/schema/billing.ts), the audit log (db/schema/admin.ts), the Marco Civil access log
 * (db/schema/access-log.ts, server/modules/access-log), account deletion
 * (server/modules/account/account-deletion.ts), e-mail links (server/modules/auth/auth-purge.ts), the
 * forms' contacts (db/schema/leads.ts, server/modules/leads).
 * Change the text with the code, and PRIVACY_LAST_UPDATED with the text.
 */
export const PRIVACY_LAST_UPDATED = { iso: "2026-11-28", label: "28 de novembro de 2026" } as const;

export function PrivacyPolicy({ contactEmail }: { contactEmail: string }) {
  const email = <EmailLink address={contactEmail} />;
  const sections: LegalSection[] = [
    {
      id: "dados-coletados",
      title: "Dados que coletamos",
      content: (
        <>
          <LegalSubheading>Da sua conta</LegalSubheading>
          <LegalList>
            <li>nome, sobrenome e e-mail, informados no cadastro;</li>
            <li>
              sua senha, guardada apenas como um resumo criptográfico (hash) gerado com Argon2id; nunca
              guardamos a senha em si;
            </li>
            <li>a foto de perfil, se você enviar uma;</li>
            <li>
              se você entrar com o Google: o identificador da sua conta Google e o nome e o e-mail que o
              Google nos informa (nunca recebemos a sua senha do Google);
            </li>
            <li>
              data de criação, data de confirmação do e-mail, plano, limites e situação da conta (ativa ou
              desativada).
            </li>
          </LegalList>

          <LegalSubheading>Do conteúdo que você cria</LegalSubheading>
          <LegalList>
            <li>
              páginas Link Bio: endereço, título, descrição, cores, estilos e os links, com seus títulos e
              endereços;
            </li>
            <li>
              imagens de perfil que você envia, guardadas como arquivos nos nossos servidores e exibidas
              publicamente na sua página;
            </li>
            <li>links curtos: endereço de destino, título, código, domínio e data de validade.</li>
            <li>
              formulários de contato das páginas: os campos escolhidos, os textos e o texto de consentimento
              que você escreve.
            </li>
          </LegalList>

          <LegalSubheading>Dos pagamentos</LegalSubheading>
          <p>
            Para abrir um pagamento, enviamos ao Mercado Pago seu nome, seu e-mail, o plano e o valor. Os
            dados do cartão, do Pix ou do boleto você informa diretamente no Mercado Pago:{" "}
            <strong>nunca recebemos nem guardamos o número do seu cartão</strong>.
          </p>
          <p>
            De cada pagamento, guardamos o identificador do pagamento no Mercado Pago, o plano, o valor (e o
            crédito de upgrade, se houver), a forma de pagamento, a situação (pendente, aprovado, recusado,
            estornado) com o motivo informado pelo Mercado Pago, o período contratado e, enquanto o pagamento
            está pendente, o código Pix copia e cola ou a linha digitável, o link e o vencimento do boleto.
            Cada mudança de situação fica registrada com data e origem.
          </p>

          <LegalSubheading>Das visitas às páginas e aos links</LegalSubheading>
          <p>
            Quando alguém abre um link curto ou clica em um botão de uma página Link Bio, registramos o clique
            com:
          </p>
          <LegalList>
            <li>data e hora;</li>
            <li>
              país, deduzido do endereço IP por uma base de geolocalização instalada no nosso próprio servidor
              (ou informado pela rede de distribuição de conteúdo, quando usada);
            </li>
            <li>
              o domínio do site de onde o visitante veio (por exemplo, instagram.com), sem o restante do
              endereço;
            </li>
            <li>o tipo de aparelho (computador, celular ou tablet), o navegador e o sistema operacional;</li>
            <li>se o acesso parece vir de um robô.</li>
          </LegalList>
          <p>
            <strong>Os cliques são registrados sem o endereço IP.</strong> O IP fica apenas na memória do
            servidor, por pouco tempo, para descobrir o país e para os contadores contra abusos descritos
            abaixo, e nunca é gravado no banco de dados, em arquivos ou em registros. Não colocamos cookies
            nos visitantes nem tentamos identificá-los.
          </p>

          <LegalSubheading>Registros de acesso (Marco Civil da Internet)</LegalSubheading>
          <p>
            Como exige o art. 15 do Marco Civil da Internet (Lei nº 12.965/2014), registramos os acessos à sua
            conta: cada login (com senha ou com o Google, inclusive o login automático depois do cadastro e da
            redefinição de senha), logout, troca ou redefinição de senha, troca de e-mail, vínculo ou
            desvínculo da conta Google e exclusão da conta. Cada registro guarda:
          </p>
          <LegalList>
            <li>o número da conta e o e-mail que ela tinha naquele momento;</li>
            <li>o evento;</li>
            <li>o endereço IP e a porta de origem da conexão;</li>
            <li>a data e a hora, ao segundo.</li>
          </LegalList>
          <p>
            Tentativas de login que falham não entram nesse registro. Ele fica separado das estatísticas de
            cliques, só o administrador do {APP_NAME} pode lê-lo, e só o entregamos a terceiros por ordem
            judicial (arts. 10 e 22 do Marco Civil).
          </p>

          <LegalSubheading>Dados técnicos e de segurança</LegalSubheading>
          <LegalList>
            <li>
              <strong>Sessões:</strong> quando você entra, criamos uma sessão identificada por um código
              aleatório, guardado no servidor apenas como hash, com as datas de criação e de expiração. A
              sessão não guarda o IP, o aparelho nem o navegador.
            </li>
            <li>
              <strong>Links enviados por e-mail:</strong> os links de confirmação de e-mail, de redefinição de
              senha e de troca de e-mail levam um código aleatório, guardado apenas como hash, que vale uma
              vez e por pouco tempo.
            </li>
            <li>
              <strong>Limites de tentativas:</strong> para barrar ataques e abusos, contamos requisições por
              endereço IP (um endereço IPv6 pela sua rede /64, que é de um mesmo assinante) e por e-mail (por
              exemplo, tentativas de login) em contadores temporários.
            </li>
            <li>
              <strong>Registros de erros:</strong> quando uma requisição falha no servidor, registramos o
              método, o caminho acessado (sem parâmetros), o domínio, o código de resposta e a duração. Esses
              registros não contêm IP, cookies nem senhas.
            </li>
            <li>
              <strong>Registro de auditoria:</strong> cada ação de um administrador (como editar, desativar ou
              excluir uma conta, alterar planos ou estornar um pagamento) é registrada com quem a fez, quando,
              e como o registro estava antes e depois, o que pode incluir seu e-mail, nome, plano e números de
              uso.
            </li>
          </LegalList>
        </>
      ),
    },
    {
      id: "finalidades",
      title: "Para que usamos os dados",
      content: (
        <>
          <LegalFacts
            items={[
              {
                term: "Prestar o serviço",
                detail:
                  "Manter sua conta, páginas, links e estatísticas, processar pagamentos e aplicar o seu plano. Base legal: execução do contrato (art. 7º, V, da LGPD).",
              },
              {
                term: "Segurança",
                detail:
                  "Sessões, limites de tentativas, registros de erros e de auditoria, para proteger as contas e o serviço contra fraudes e abusos. Base legal: legítimo interesse (art. 7º, IX).",
              },
              {
                term: "Estatísticas de cliques",
                detail:
                  "Mostrar ao dono de cada página ou link de onde vêm as visitas, com o mínimo de dados e sem IP. Base legal: legítimo interesse (art. 7º, IX, e art. 10).",
              },
              {
                term: "Registros de acesso",
                detail:
                  "Guardar por 6 meses os registros de acesso à aplicação que o art. 15 do Marco Civil da Internet exige, e entregá-los quando um juiz mandar. Base legal: cumprimento de obrigação legal (art. 7º, II).",
              },
              {
                term: "Obrigações legais",
                detail:
                  "Cumprir a lei (como guardar os registros de pagamento pelo prazo da lei tributária), ordens judiciais e pedidos de autoridades, e exercer nossos direitos em processos. Base legal: art. 7º, II e VI.",
              },
            ]}
          />
          <p>
            Não vendemos dados pessoais, não exibimos anúncios, não criamos perfis de comportamento e não
            tomamos decisões automatizadas que afetem seus interesses.
          </p>
        </>
      ),
    },
    {
      id: "compartilhamento",
      title: "Com quem compartilhamos",
      content: (
        <>
          <LegalList>
            <li>
              <strong>Mercado Pago</strong>, que processa os pagamentos: recebe seu nome, seu e-mail, o plano
              e o valor, e trata os dados de pagamento conforme a política de privacidade dele.
            </li>
            <li>
              <strong>Provedores de infraestrutura</strong>: a empresa que hospeda nossos servidores e nosso
              banco de dados e, quando usada, a rede de distribuição de conteúdo (CDN) que entrega o site.
              Eles tratam os dados em nosso nome e seguindo as nossas instruções.
            </li>
            <li>
              <strong>Provedor de e-mail</strong>: para os e-mails da sua conta (confirmação de e-mail,
              redefinição de senha e troca de e-mail), seu e-mail, seu nome e o conteúdo da mensagem passam
              pelo provedor de envio. Enquanto um endereço não foi confirmado, as mensagens para ele não levam
              nenhum texto escrito por quem se cadastrou, nem o nome.
            </li>
            <li>
              <strong>Google</strong>, se você escolher entrar com o Google: o Google fica sabendo que você
              entrou no {APP_NAME} e nos informa o identificador da sua conta, seu nome e seu e-mail.
            </li>
            <li>
              <strong>Donos das páginas e dos links</strong>: cada cliente vê as estatísticas dos cliques nas
              próprias páginas e links, somadas por dia, país, origem, aparelho, navegador e sistema, nunca
              dados que identifiquem um visitante.
            </li>
            <li>
              <strong>Autoridades</strong>, quando a lei ou uma ordem judicial exigir. Os registros de acesso
              só são entregues por ordem judicial (arts. 10 e 22 do Marco Civil da Internet).
            </li>
          </LegalList>
          <p>
            Se algum desses provedores tratar dados fora do Brasil, a transferência seguirá as hipóteses do
            art. 33 da LGPD.
          </p>
        </>
      ),
    },
    {
      id: "contatos-dos-formularios",
      title: "Contatos recebidos pelos formulários das páginas",
      content: (
        <>
          <p>
            Uma página Link Bio pode ter um formulário de contato. Quem o preenche envia os dados ao dono da
            página, não ao {APP_NAME}: para esses contatos,{" "}
            <strong>o dono da página é o controlador e o {APP_NAME} é o operador</strong> (art. 5º, VI e VII,
            e art. 39 da LGPD). Tratamos esses dados em nome do dono da página, segundo as instruções dele, e
            nunca os usamos para nenhuma outra finalidade: não enviamos mensagens a esses contatos, não os
            vendemos nem os juntamos a outros dados.
          </p>
          <p>De cada envio, guardamos:</p>
          <LegalList>
            <li>o nome, o e-mail e o número de WhatsApp informados (os campos que o formulário pede);</li>
            <li>a página de onde veio e a data e a hora do envio;</li>
            <li>
              a prova do consentimento: a data e a hora em que a pessoa marcou a caixa de consentimento e o
              texto exato que ela aceitou, com a sua versão (se o dono da página mudar o texto depois, o que
              cada pessoa aceitou continua guardado como era).
            </li>
          </LegalList>
          <p>
            Não guardamos o endereço IP nem o navegador de quem envia. Quem enviou os dados deve pedir ao dono
            da página o acesso, a correção ou a exclusão deles; o dono da página pode excluir cada contato, ou
            todos, a qualquer momento, na tela Contatos. Os contatos ficam guardados até o dono da página
            excluí-los ou excluir a conta.
          </p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies e armazenamento no navegador",
      content: (
        <>
          <p>O {APP_NAME} usa apenas o necessário para funcionar:</p>
          <LegalFacts
            items={[
              {
                term: "atalho_session (cookie)",
                detail:
                  "Mantém você conectado. É criado quando você entra, dura 30 dias, é enviado só ao nosso site e não pode ser lido por scripts.",
              },
              {
                term: "pwa-install-dismissed (armazenamento local)",
                detail:
                  "Guarda a data em que você dispensou o convite para instalar o aplicativo, para que ele não volte por 7 dias. Fica no seu navegador até você limpar os dados do site.",
              },
              {
                term: "Cache do aplicativo (service worker)",
                detail:
                  "Guarda no seu navegador os arquivos do site (código, estilos, ícones e fontes), para abrir mais rápido e funcionar sem conexão. Não guarda os dados da sua conta.",
              },
            ]}
          />
          <p>
            Não usamos cookies de publicidade ou de análise, nem rastreadores de terceiros, e não exibimos
            anúncios. As fontes são servidas pelo próprio {APP_NAME}, sem Google Fonts: abrir nossas páginas
            não envia seu IP a outras empresas. Os visitantes das páginas Link Bio e dos links curtos não
            recebem nenhum cookie.
          </p>
          <p>
            O dono de uma página Link Bio pode usar uma imagem de perfil hospedada em outro site; nesse caso,
            o navegador do visitante busca essa imagem diretamente naquele site.
          </p>
        </>
      ),
    },
    {
      id: "retencao",
      title: "Por quanto tempo guardamos",
      content: (
        <>
          <LegalFacts
            items={[
              {
                term: "Conta",
                detail:
                  "Enquanto a conta existir, até você excluí-la (Meu Perfil → Excluir minha conta). Não excluímos contas por inatividade; uma conta desativada mantém os dados até ser excluída.",
              },
              {
                term: "Páginas, links e imagens",
                detail:
                  "Até você excluí-los ou excluir a conta. Ao excluir uma página ou um link, apagamos junto os cliques dele. Uma imagem de perfil enviada é apagada quando é trocada ou quando a página ou a conta é excluída. Links curtos vencidos deixam de redirecionar, mas continuam guardados até serem excluídos.",
              },
              {
                term: "Cliques",
                detail: (
                  <>
                    O painel mostra o histórico de análises do seu plano (o número de dias de cada plano está
                    na página de <TextLink to={paths.pricing}>Preços</TextLink>). Cliques mais antigos que
                    esse histórico ficam ocultos e, 30 dias depois, são apagados por uma rotina automática.
                    Vale o maior histórico entre os planos que você teve nos últimos 30 dias, para que uma
                    assinatura vencida ou uma troca de plano não apague seu histórico de imediato.
                  </>
                ),
              },
              {
                term: "Contatos dos formulários",
                detail:
                  "Até o dono da página excluí-los (na tela Contatos) ou excluir a conta. Excluir a página não apaga os contatos que ela recebeu.",
              },
              {
                term: "Sessões",
                detail:
                  "Até 30 dias depois de você entrar. Ao sair, a sessão é apagada na hora; a troca de senha encerra as dos outros aparelhos e a desativação da conta encerra todas. Sessões vencidas são apagadas por uma rotina automática, em até uma hora.",
              },
              {
                term: "Registros de acesso",
                detail:
                  "6 meses, como exige o art. 15 do Marco Civil da Internet; depois são apagados automaticamente, por uma rotina que roda a cada hora. Ficam esses 6 meses mesmo que a conta seja excluída antes.",
              },
              {
                term: "Links enviados por e-mail",
                detail:
                  "O de redefinição de senha vale 1 hora; os de confirmação e de troca de e-mail, 48 horas. Um dia depois de usados ou vencidos, são apagados.",
              },
              {
                term: "Pagamentos",
                detail:
                  "Enquanto a conta existir, para o seu histórico e para resolver contestações. Quando a conta é excluída, os registros de pagamento ficam anonimizados (valor, data, plano, forma de pagamento e identificador do pagamento, sem o seu nome, e-mail ou dados de Pix e boleto) por 5 anos, o prazo da lei tributária (arts. 173 e 174 do Código Tributário Nacional). O Mercado Pago guarda os próprios registros das transações, conforme a política dele. Um checkout aberto em que nenhum pagamento foi feito expira depois de um dia (um Pix à espera, depois de dois; um boleto, alguns dias depois do vencimento), e o registro continua no histórico como “Expirado”.",
              },
              {
                term: "Limites de tentativas",
                detail: "Os contadores expiram sozinhos, em no máximo uma hora.",
              },
              {
                term: "Registros de erros",
                detail:
                  "Não são gravados no nosso banco de dados: ficam nos registros do servidor, mantidos pelo provedor de hospedagem.",
              },
              {
                term: "Registro de auditoria",
                detail:
                  "Sem exclusão automática, inclusive depois que uma conta é excluída (o registro da exclusão guarda o e-mail e um resumo da conta), para prestação de contas e segurança.",
              },
            ]}
          />
        </>
      ),
    },
    {
      id: "seguranca",
      title: "Segurança",
      content: (
        <>
          <LegalList>
            <li>senhas guardadas apenas como hash Argon2id;</li>
            <li>
              chaves de API e webhooks, que dão acesso à conta fora do site, só podem ser criados depois que o
              e-mail da conta é confirmado;
            </li>
            <li>
              recuperar a conta por “Esqueceu sua senha?” encerra todas as sessões, invalida os links enviados
              antes por e-mail, revoga todas as chaves de API e desliga todos os webhooks (que você pode
              reativar no perfil); trocar a senha no perfil faz o mesmo, a não ser que você desmarque a opção
              de revogar as chaves e desligar os webhooks;
            </li>
            <li>
              sessões em um cookie que scripts não conseguem ler, guardadas no servidor apenas como hash e
              encerradas ao sair;
            </li>
            <li>pedidos que alteram dados só são aceitos quando vêm do nosso próprio site;</li>
            <li>limites de tentativas no login, no cadastro e na criação de links;</li>
            <li>imagens enviadas verificadas pelo conteúdo do arquivo, não pelo nome;</li>
            <li>nenhum IP de visitante gravado;</li>
            <li>registros de acesso legíveis só pelo administrador e apagados depois de 6 meses.</li>
          </LegalList>
          <p>
            Nenhum sistema é totalmente seguro. Se houver um incidente de segurança que possa causar risco ou
            dano relevante a você, avisaremos você e a Autoridade Nacional de Proteção de Dados (ANPD), como
            determina o art. 48 da LGPD.
          </p>
        </>
      ),
    },
    {
      id: "direitos",
      title: "Seus direitos pela LGPD",
      content: (
        <>
          <p>Pelo art. 18 da LGPD (Lei nº 13.709/2018), você pode pedir, a qualquer momento e sem custo:</p>
          <LegalList>
            <li>a confirmação de que tratamos dados seus;</li>
            <li>o acesso aos seus dados;</li>
            <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
            <li>
              a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em
              desacordo com a LGPD;
            </li>
            <li>a portabilidade dos seus dados a outro fornecedor;</li>
            <li>a eliminação dos dados tratados com base no seu consentimento;</li>
            <li>
              a informação sobre as entidades públicas e privadas com as quais compartilhamos seus dados;
            </li>
            <li>a informação sobre a possibilidade de não dar consentimento e as consequências disso;</li>
            <li>a revogação do consentimento.</li>
          </LegalList>
          <p>
            Você também pode se opor a um tratamento que descumpra a LGPD e pedir a exclusão da sua conta com
            todos os seus dados.
          </p>

          <LegalSubheading>Como exercer seus direitos</LegalSubheading>
          <p>
            Em Meu Perfil, você corrige seu nome, sua foto e seu e-mail e, em{" "}
            <strong>Baixar meus dados</strong>, baixa a qualquer momento uma cópia de tudo o que guardamos
            sobre você (conta, páginas, links, links curtos, cliques por dia, contatos recebidos pelos
            formulários com o registro do consentimento, assinaturas, pagamentos, chaves de API e webhooks,
            sem as chaves e segredos em si, e os seus registros de acesso) em um arquivo JSON, que serve
            também para levar seus dados a outro serviço.
          </p>
          <p>
            Para os demais pedidos, envie-os ao encarregado pelo e-mail {email}, de preferência a partir do
            e-mail da sua conta. Se não pudermos confirmar que o pedido é seu, pediremos uma confirmação antes
            de atendê-lo. A confirmação e o acesso aos dados são respondidos em até 15 dias (art. 19 da LGPD);
            se não pudermos atender algum pedido, explicaremos o motivo.
          </p>
          <p>
            Você mesmo exclui a conta em Meu Perfil → <strong>Excluir minha conta</strong>, confirmando com a
            sua senha (ou, numa conta sem senha, entrando de novo com o Google). A exclusão apaga de uma vez a
            conta, as páginas, os links, os links curtos, as estatísticas, os contatos recebidos pelos
            formulários com os textos de consentimento, as imagens e as sessões; os links curtos e as páginas
            param de funcionar na hora. Ficam apenas o que a lei manda guardar: os registros de acesso, até
            completarem 6 meses (Marco Civil da Internet, art. 15), e os registros de pagamento, anonimizados,
            sem seu nome nem e-mail, por 5 anos (Código Tributário Nacional, arts. 173 e 174). Se um
            administrador tiver alterado ou excluído a sua conta, ficam também as linhas do registro de
            auditoria descritas acima.
          </p>
          <p>
            Como os cliques são registrados sem IP e sem nenhum identificador do visitante, não é possível
            localizar os cliques de uma pessoa específica.
          </p>
          <p>
            Se achar que seus direitos não foram respeitados, você também pode reclamar à Autoridade Nacional
            de Proteção de Dados (ANPD).
          </p>
        </>
      ),
    },
    {
      id: "menores",
      title: "Menores de 18 anos",
      content: (
        <p>
          O {APP_NAME} não se destina a menores de 18 anos, e só quem tem 18 anos ou mais pode criar uma
          conta. Não coletamos de propósito dados de crianças e adolescentes; se soubermos que uma conta
          pertence a alguém com menos de 18 anos, ela será excluída. Pais e responsáveis podem nos avisar pelo
          e-mail {email}. Os cliques de visitantes, de qualquer idade, são registrados sem dados que os
          identifiquem.
        </p>
      ),
    },
    {
      id: "encarregado",
      title: "Encarregado pelo tratamento de dados (DPO)",
      content: (
        <p>
          O encarregado pelo tratamento de dados pessoais é o canal entre você, o {APP_NAME} e a ANPD. Fale
          com ele pelo e-mail {email}, com o assunto “Privacidade”, para tirar dúvidas sobre esta política,
          fazer pedidos sobre seus dados ou reclamar.
        </p>
      ),
    },
    {
      id: "alteracoes",
      title: "Alterações desta política",
      content: (
        <p>
          Podemos atualizar esta política quando o serviço ou a lei mudarem; a data no início da página indica
          a versão em vigor. Mudanças relevantes serão avisadas no próprio {APP_NAME} antes de valerem.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Política de Privacidade"
      intro={
        <>
          <p>
            Esta Política de Privacidade explica quais dados pessoais o {APP_NAME} trata, para quê, com quem
            os compartilha, por quanto tempo os guarda e como você exerce seus direitos, conforme a Lei Geral
            de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018). Ela vale para quem tem conta no{" "}
            {APP_NAME} e para quem visita as páginas Link Bio e os links curtos criados no serviço. Ela
            completa os <TextLink to={paths.terms}>Termos de Uso</TextLink>.
          </p>
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-gray-800">
            <strong>Em resumo:</strong> guardamos só o necessário para o serviço funcionar, registramos os
            cliques sem o endereço IP, guardamos o IP só nos registros de acesso à sua conta que o Marco Civil
            da Internet exige (por 6 meses), não usamos rastreadores nem anúncios e não vendemos dados.
          </p>
        </>
      }
      sections={sections}
      updated={PRIVACY_LAST_UPDATED}
    />
  );
}
