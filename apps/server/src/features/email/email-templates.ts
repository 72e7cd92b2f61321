import type { OutgoingEmail } from './email.repository.js';
import type { EmailLanguage } from './email-language.js';

export type CodeEmailKind =
  | 'verify-email'
  | 'reset-password'
  | 'trial'
  | 'set-password'
  | 'change-email'
  | 'delete-account';

const SUBJECTS: Record<EmailLanguage, Record<CodeEmailKind, string>> = {
  en: {
    'verify-email': 'Your Tagscout verification code',
    'reset-password': 'Your Tagscout password reset code',
    trial: 'Your Tagscout sign-in code',
    'set-password': 'Your code to set a Tagscout password',
    'change-email': 'Your code to move your Tagscout account to this address',
    'delete-account': 'Your code to delete your Tagscout account',
  },
  pt: {
    'verify-email': 'Seu código de verificação do Tagscout',
    'reset-password': 'Seu código para redefinir a senha do Tagscout',
    trial: 'Seu código de acesso ao Tagscout',
    'set-password': 'Seu código para criar uma senha no Tagscout',
    'change-email': 'Seu código para mudar sua conta do Tagscout para este endereço',
    'delete-account': 'Seu código para excluir sua conta do Tagscout',
  },
};

const PURPOSES: Record<EmailLanguage, Record<CodeEmailKind, string>> = {
  en: {
    'verify-email': 'to verify your email address and finish setting up your account',
    'reset-password': 'to reset your password',
    trial: 'to start your trial or sign in',
    'set-password': 'to set a password for your account',
    'change-email': 'to make this the address of your account',
    'delete-account': 'to delete your account and all its data',
  },
  pt: {
    'verify-email': 'para verificar seu endereço de email e terminar de criar sua conta',
    'reset-password': 'para redefinir sua senha',
    trial: 'para começar seu teste ou entrar',
    'set-password': 'para criar uma senha para sua conta',
    'change-email': 'para tornar este o endereço da sua conta',
    'delete-account': 'para excluir sua conta e todos os dados dela',
  },
};

export function codeEmail(
  to: string,
  kind: CodeEmailKind,
  code: string,
  language: EmailLanguage,
): OutgoingEmail {
  const purpose = PURPOSES[language][kind];
  const text =
    language === 'pt'
      ? [
          `Seu código é ${code}`,
          '',
          `Digite-o no Tagscout ${purpose}. Ele vale uma vez e expira em 10 minutos.`,
          'Se você não pediu este código, ignore este email: nada muda sem ele.',
        ]
      : [
          `Your code is ${code}`,
          '',
          `Enter it in Tagscout ${purpose}. It works once and expires in 10 minutes.`,
          'If you did not ask for it, ignore this email: nothing changes without the code.',
        ];
  return { to, subject: SUBJECTS[language][kind], text: text.join('\n') };
}

/** A second sign-up for an address that already has an account: tell the owner instead. */
export function alreadyRegisteredEmail(to: string, language: EmailLanguage): OutgoingEmail {
  if (language === 'pt') {
    return {
      to,
      subject: 'Você já tem uma conta no Tagscout',
      text: [
        'Alguém (talvez você) tentou criar uma conta no Tagscout com este endereço, que já tem uma.',
        '',
        'Para entrar, use sua senha ou "Esqueci a senha" na tela de entrada.',
        'Se não foi você, pode ignorar este email.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: 'You already have a Tagscout account',
    text: [
      'Someone (perhaps you) tried to create a Tagscout account with this address, which already has one.',
      '',
      'To get in, sign in with your password, or use "Forgot password" on the sign-in screen.',
      'If it was not you, you can ignore this email.',
    ].join('\n'),
  };
}

/** A password was reset (by code), changed (with the old one) or set for the first time: every other device was signed out. */
export function passwordChangedEmail(
  to: string,
  how: 'reset' | 'changed' | 'set',
  language: EmailLanguage,
): OutgoingEmail {
  if (language === 'pt') {
    const what = {
      reset: 'acabou de ser redefinida',
      changed: 'acabou de ser alterada',
      set: 'acabou de ser criada',
    }[how];
    const where =
      how === 'reset'
        ? 'todos os dispositivos foram desconectados'
        : 'os outros dispositivos foram desconectados';
    return {
      to,
      subject: how === 'set' ? 'Sua senha do Tagscout foi criada' : 'Sua senha do Tagscout foi alterada',
      text: [
        `A senha da sua conta do Tagscout ${what}, e ${where}.`,
        '',
        'Se não foi você, redefina sua senha agora com "Esqueci a senha" na tela de entrada.',
      ].join('\n'),
    };
  }
  const what = { reset: 'was just reset', changed: 'was just changed', set: 'was just set' }[how];
  const where = how === 'reset' ? 'every device was signed out' : 'every other device was signed out';
  return {
    to,
    subject: how === 'set' ? 'Your Tagscout password was set' : 'Your Tagscout password was changed',
    text: [
      `The password of your Tagscout account ${what}, and ${where}.`,
      '',
      'If this was not you, reset your password now with "Forgot password" on the sign-in screen.',
    ].join('\n'),
  };
}

/** The old address of an account is told where the account moved. */
export function emailChangedEmail(to: string, newEmail: string, language: EmailLanguage): OutgoingEmail {
  if (language === 'pt') {
    return {
      to,
      subject: 'O endereço de email da sua conta do Tagscout mudou',
      text: [
        `Sua conta do Tagscout agora usa ${newEmail}. Este endereço não entra mais nela.`,
        '',
        'Se não foi você, responda a este email: alguém que sabe sua senha fez a mudança.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: 'Your Tagscout email address was changed',
    text: [
      `Your Tagscout account now uses ${newEmail}. This address no longer signs in to it.`,
      '',
      'If this was not you, write to us by replying to this email: someone who knows your password changed it.',
    ].join('\n'),
  };
}

/** Someone asked to move their account to an address that has one: its owner is told, and gets no code. */
export function emailChangeTakenEmail(to: string, language: EmailLanguage): OutgoingEmail {
  if (language === 'pt') {
    return {
      to,
      subject: 'Alguém tentou mudar uma conta do Tagscout para este endereço',
      text: [
        'Alguém (talvez você) pediu para mudar uma conta do Tagscout para este endereço, que já tem uma.',
        '',
        'Nada mudou. Um endereço pertence a uma conta: para trazer outra conta para cá, exclua esta antes.',
        'Se não foi você, pode ignorar este email.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: 'Someone tried to move a Tagscout account to this address',
    text: [
      'Someone (perhaps you) asked to move a Tagscout account to this address, which already has one.',
      '',
      'Nothing changed. An address belongs to one account: to move another account here, delete this one first.',
      'If it was not you, you can ignore this email.',
    ].join('\n'),
  };
}

/** The account and its data are gone: the last message to the address. */
export function accountDeletedEmail(to: string, language: EmailLanguage): OutgoingEmail {
  if (language === 'pt') {
    return {
      to,
      subject: 'Sua conta do Tagscout foi excluída',
      text: [
        'Sua conta do Tagscout e os dados dela (coleções, configurações, sessões, relatos) foram excluídos.',
        '',
        'Uma assinatura comprada na App Store ou no Google Play não é cancelada por isso: cancele-a na loja.',
        'Se você não pediu isso, responda a este email.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: 'Your Tagscout account was deleted',
    text: [
      'Your Tagscout account and its data (collections, settings, sessions, reports) were deleted.',
      '',
      'A subscription bought in the App Store or Google Play is not cancelled by this: cancel it in the store.',
      'If you did not ask for this, reply to this email.',
    ].join('\n'),
  };
}
