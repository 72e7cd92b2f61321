import type { OutgoingEmail } from '../email/email.service.js';
import type { EmailLanguage } from '../email/email-language.js';

/** To a buyer who paid while signed out: the purchase waits for an account with this address. */
export function accountSetupEmail(to: string, setupLink: string, language: EmailLanguage): OutgoingEmail {
  if (language === 'pt') {
    return {
      to,
      subject: 'Sua compra do Tagscout Pro: crie sua conta',
      text: [
        'Obrigado por comprar o Tagscout Pro.',
        '',
        `Para usá-lo, crie sua conta com este endereço: ${setupLink}`,
        '',
        'Já tem uma conta do Tagscout com este endereço? É só entrar: o plano é adicionado a ela.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: 'Your Tagscout Pro purchase: set up your account',
    text: [
      'Thank you for buying Tagscout Pro.',
      '',
      `To use it, set up your account with this address: ${setupLink}`,
      '',
      'Already have a Tagscout account with this address? Just sign in: the plan is added to it.',
    ].join('\n'),
  };
}

/** "Restore purchase" for an address whose purchase already has an account. */
export function restorePurchaseEmail(
  to: string,
  links: { signIn: string; portal: string | null },
  language: EmailLanguage,
): OutgoingEmail {
  if (language === 'pt') {
    return {
      to,
      subject: 'Sua compra do Tagscout Pro',
      text: [
        'Você pediu para restaurar sua compra do Tagscout Pro. Ela pertence à conta com este endereço.',
        '',
        `Entre com este endereço para usá-la: ${links.signIn}`,
        ...(links.portal
          ? [
              '',
              `Gerencie sua assinatura (faturas, plano, cancelamento): ${links.portal}`,
              'Esse link vale por pouco tempo; depois, entre e abra Gerenciar conta.',
            ]
          : []),
        '',
        'Se você não pediu isso, ignore este email: nada muda.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: 'Your Tagscout Pro purchase',
    text: [
      'You asked to restore your Tagscout Pro purchase. It belongs to the account with this address.',
      '',
      `Sign in with this address to use it: ${links.signIn}`,
      ...(links.portal
        ? [
            '',
            `Manage your subscription (invoices, plan, cancel): ${links.portal}`,
            'That link works for a short while; later, sign in and open Manage Account.',
          ]
        : []),
      '',
      'If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  };
}
