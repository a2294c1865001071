import { APP_NAME } from "@common/brand";
import { paths } from "@common/paths";
import { EmailLink, LegalDocument, LegalList, type LegalSection, TextLink } from "./legal-document";

/**
 * The terms of use (spec 2: acceptance, service, account duties, acceptable use, plans and payments,
 * liability, termination, Brazilian law). What they say about billing is what the product does
 * (docs/decisions/007-billing.md): one period paid at a time, no automatic renewal, cancelling keeps
 * the plan until the paid period ends, a refund ends the period it paid for at once.
 */
export function TermsOfUse({ contactEmail }: { contactEmail: string }) {
  const email = <EmailLink address={contactEmail} />;
  const sections: LegalSection[] = [
    {
      id: "aceitacao",
      title: "Aceitação dos termos",
      content: (
        <>
          <p>
            Ao criar uma conta, entrar nela ou usar qualquer parte do {APP_NAME}, você declara que leu e
            aceita estes Termos de Uso e a <TextLink to={paths.privacy}>Política de Privacidade</TextLink>. Se
            não concordar com eles, não use o serviço.
          </p>
          <p>
            Se você usa o {APP_NAME} em nome de uma empresa ou de outra organização, declara ter poderes para
            aceitar estes termos por ela; nesse caso, “você” também se refere a ela.
          </p>
        </>
      ),
    },
    {
      id: "servico",
      title: "Descrição do serviço",
      content: (
        <>
          <p>O {APP_NAME} é um serviço on-line que permite:</p>
          <LegalList>
            <li>
              criar páginas Link Bio: uma página pública, com endereço próprio, que reúne seus links com o
              título, a descrição, a imagem e o estilo que você escolher;
            </li>
            <li>
              encurtar endereços da web em links curtos, com código aleatório ou personalizado, data de
              validade opcional e QR Code;
            </li>
            <li>
              acompanhar os cliques nas suas páginas e links (por dia, país, origem, aparelho, navegador e
              sistema) pelo período de histórico do seu plano;
            </li>
            <li>conforme o plano, usar nos seus links e páginas os domínios adicionais que oferecemos.</li>
          </LegalList>
          <p>
            O plano Gratuito dá acesso ao serviço com limites menores; os planos pagos ampliam limites e
            recursos, como descrito na página de <TextLink to={paths.pricing}>Preços</TextLink>.
          </p>
          <p>
            Os limites do plano valem para a criação de novos itens: ao atingir um limite, você não consegue
            criar mais páginas ou links até mudar de plano ou excluir algum item, mas o que já existe continua
            no ar. Ultrapassar a franquia mensal de cliques não tira suas páginas e links do ar.
          </p>
        </>
      ),
    },
    {
      id: "conta",
      title: "Sua conta",
      content: (
        <>
          <p>Para usar o painel do {APP_NAME}, você precisa de uma conta, e se compromete a:</p>
          <LegalList>
            <li>ter 18 anos ou mais;</li>
            <li>
              informar dados verdadeiros e manter seu e-mail atualizado: é por ele que identificamos você e
              respondemos seus pedidos;
            </li>
            <li>
              usar uma senha forte, que não seja usada em outros sites, e não compartilhá-la com ninguém;
            </li>
            <li>
              avisar-nos imediatamente pelo e-mail {email} se suspeitar que outra pessoa acessou sua conta;
            </li>
            <li>não vender, ceder ou transferir sua conta sem a nossa autorização.</li>
          </LegalList>
          <p>Você é responsável por tudo o que for feito com a sua conta.</p>
        </>
      ),
    },
    {
      id: "uso-aceitavel",
      title: "Uso aceitável",
      content: (
        <>
          <p>Você se compromete a não usar o {APP_NAME} para:</p>
          <LegalList>
            <li>
              publicar conteúdo ilegal ou levar a ele, incluindo material de abuso sexual infantil, incitação
              à violência, discurso de ódio, ameaças e assédio;
            </li>
            <li>
              aplicar golpes, phishing ou fraudes, ou esconder o destino de um link para enganar quem clica;
            </li>
            <li>distribuir vírus, malware ou qualquer código malicioso;</li>
            <li>enviar spam ou divulgar links em massa para quem não pediu;</li>
            <li>
              violar direitos de terceiros, como direitos autorais, marcas, imagem, privacidade e dados
              pessoais;
            </li>
            <li>se passar por outra pessoa, marca ou organização;</li>
            <li>
              burlar os limites do seu plano ou os controles de segurança do serviço, inclusive criando várias
              contas para isso;
            </li>
            <li>
              sobrecarregar ou atacar o serviço, procurar falhas de segurança sem autorização ou extrair dados
              dele de forma automatizada.
            </li>
          </LegalList>
          <p>
            Podemos retirar do ar conteúdo e desativar ou excluir contas usados em desacordo com esta seção, e
            colaborar com as autoridades quando a lei exigir.
          </p>
        </>
      ),
    },
    {
      id: "conteudo",
      title: "Seu conteúdo e nossa marca",
      content: (
        <>
          <p>
            O conteúdo que você cria (textos, imagens, links e estilos) continua sendo seu. Para que o serviço
            funcione, você nos autoriza, sem custo e enquanto o conteúdo estiver no {APP_NAME}, a armazená-lo,
            reproduzi-lo e exibi-lo ao público nas suas páginas e links.
          </p>
          <p>
            Páginas Link Bio ativas e links curtos são públicos: qualquer pessoa com o endereço pode abri-los.
            Você é o único responsável pelo conteúdo que publica e pelos sites para onde seus links levam, e
            garante ter os direitos necessários sobre tudo o que envia, incluindo imagens.
          </p>
          <p>
            A marca, o código e o visual do {APP_NAME} são nossos; estes termos não transferem a você nenhum
            direito sobre eles.
          </p>
        </>
      ),
    },
    {
      id: "planos-e-pagamentos",
      title: "Planos e pagamentos",
      content: (
        <LegalList>
          <li>
            <strong>Preços.</strong> Os planos e seus preços, em reais, estão na página de{" "}
            <TextLink to={paths.pricing}>Preços</TextLink>. Os planos pagos podem ser mensais ou anuais; o
            anual é pago de uma vez.
          </li>
          <li>
            <strong>Meios de pagamento.</strong> Os pagamentos são processados pelo Mercado Pago, por Pix,
            cartão ou boleto. Você informa os dados de pagamento diretamente ao Mercado Pago; o {APP_NAME} não
            recebe nem guarda o número do seu cartão.
          </li>
          <li>
            <strong>Sem renovação automática.</strong> Cada pagamento compra um período (um mês ou um ano),
            pago antecipadamente. O plano começa quando o Mercado Pago confirma o pagamento, o que, no boleto,
            pode levar alguns dias úteis. Para continuar depois do fim do período, pague o próximo na página
            da sua assinatura; se não renovar, sua conta volta ao plano Gratuito.
          </li>
          <li>
            <strong>Mudança de plano.</strong> Ao passar para um plano mais caro, o novo plano vale assim que
            o pagamento é aprovado, e o valor dos dias não usados do plano atual é descontado como crédito (o
            valor mínimo a pagar é R$ 1,00). Ao passar para um plano mais barato, você paga agora e o novo
            plano começa quando o período atual terminar.
          </li>
          <li>
            <strong>Cancelamento.</strong> Você pode cancelar quando quiser, sem multa e sem fidelidade. Ao
            cancelar, você continua com os recursos do plano até o fim do período já pago; depois, sua conta
            volta ao plano Gratuito.
          </li>
          <li>
            <strong>Reembolsos.</strong> Não reembolsamos períodos já utilizados, nem de forma proporcional ao
            cancelar. Isso não afasta o direito de arrependimento: você pode desistir de uma contratação em
            até 7 dias do pagamento e receber o valor de volta (art. 49 do Código de Defesa do Consumidor),
            pedindo pelo e-mail {email}. Cobranças indevidas ou em duplicidade também são devolvidas.
          </li>
          <li>
            <strong>Estornos.</strong> Quando um pagamento é estornado, por reembolso ou por contestação junto
            ao meio de pagamento, o que ele comprou é desfeito: se ele pagava o período atual, o plano pago
            termina na hora e sua conta volta ao plano Gratuito.
          </li>
          <li>
            <strong>Mudança de preços.</strong> Novos preços valem para os pagamentos seguintes; um período já
            pago não muda.
          </li>
        </LegalList>
      ),
    },
    {
      id: "disponibilidade",
      title: "Disponibilidade e mudanças no serviço",
      content: (
        <>
          <p>
            Trabalhamos para manter o {APP_NAME} sempre no ar, mas ele pode ficar indisponível por manutenção,
            falhas técnicas ou motivos fora do nosso controle. Durante uma manutenção, o painel pode ficar
            fechado; links curtos e páginas públicas continuam funcionando sempre que possível.
          </p>
          <p>
            Podemos melhorar, mudar ou retirar recursos. Se uma mudança reduzir de forma relevante o que um
            plano pago oferece, ela não valerá para um período que você já pagou.
          </p>
        </>
      ),
    },
    {
      id: "responsabilidade",
      title: "Limitação de responsabilidade",
      content: (
        <>
          <p>O {APP_NAME} não responde por:</p>
          <LegalList>
            <li>conteúdo publicado pelos usuários nem pelos sites para onde os links levam;</li>
            <li>danos causados pelo uso da sua conta por quem recebeu ou descobriu a sua senha;</li>
            <li>
              falhas de serviços de terceiros, como o Mercado Pago, provedores de internet e de hospedagem;
            </li>
            <li>lucros cessantes, perda de oportunidades ou outros danos indiretos.</li>
          </LegalList>
          <p>
            Quando a lei permitir limitar a nossa responsabilidade, ela fica restrita ao valor que você pagou
            ao {APP_NAME} nos 12 meses anteriores ao fato que causou o dano. Nada nestes termos afasta
            direitos que o Código de Defesa do Consumidor ou outra lei garantam a você e que não possam ser
            renunciados.
          </p>
          <p>Você responde pelos danos que causar a nós ou a terceiros ao descumprir estes termos.</p>
        </>
      ),
    },
    {
      id: "encerramento",
      title: "Suspensão e encerramento",
      content: (
        <>
          <p>
            Você pode parar de usar o {APP_NAME} quando quiser. Para excluir sua conta, peça pelo e-mail{" "}
            {email}, a partir do endereço cadastrado nela. A exclusão apaga de uma vez suas páginas, links,
            links curtos, estatísticas, imagens e histórico de pagamentos; seus links e páginas deixam de
            funcionar na hora, e nada disso pode ser recuperado.
          </p>
          <p>
            Podemos desativar ou excluir uma conta que descumpra estes termos ou a lei, ou quando uma
            autoridade determinar. Uma conta desativada tem as sessões encerradas e não consegue mais entrar.
            Sempre que possível, informaremos o motivo.
          </p>
          <p>
            Se encerrarmos uma conta paga sem que você tenha descumprido estes termos, devolveremos o valor
            proporcional ao período pago que não foi usado.
          </p>
        </>
      ),
    },
    {
      id: "alteracoes",
      title: "Alterações destes termos",
      content: (
        <p>
          Podemos atualizar estes termos; a data no início da página indica a versão em vigor. Mudanças
          relevantes serão avisadas no próprio {APP_NAME} antes de valerem. Se continuar usando o serviço
          depois disso, você aceita a nova versão; se não concordar, pode cancelar e excluir sua conta.
        </p>
      ),
    },
    {
      id: "lei-aplicavel",
      title: "Lei aplicável e foro",
      content: (
        <>
          <p>
            Estes termos são regidos pelas leis da República Federativa do Brasil, em especial o Código de
            Defesa do Consumidor (Lei nº 8.078/1990), o Marco Civil da Internet (Lei nº 12.965/2014) e a Lei
            Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018).
          </p>
          <p>
            Fica eleito o foro da comarca do seu domicílio para resolver qualquer questão sobre estes termos.
            Antes de recorrer à Justiça, fale conosco: a maioria das questões se resolve por e-mail.
          </p>
        </>
      ),
    },
    {
      id: "contato",
      title: "Contato",
      content: <p>Dúvidas sobre estes termos, pedidos e reclamações: escreva para {email}.</p>,
    },
  ];

  return (
    <LegalDocument
      title="Termos de Uso"
      intro={
        <p>
          Estes Termos de Uso regem o uso do {APP_NAME}, serviço para criar páginas Link Bio e links curtos
          com análise de cliques. Leia com atenção: ao usar o serviço, você concorda com eles. A forma como
          tratamos seus dados pessoais está na nossa{" "}
          <TextLink to={paths.privacy}>Política de Privacidade</TextLink>, que faz parte destes termos.
        </p>
      }
      sections={sections}
    />
  );
}
