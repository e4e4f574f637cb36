import type { Locale } from '@chartroom/contracts/constants';

/** The mails the portal sends. */
export type MailKind = 'welcome' | 'licenceAccount' | 'passwordReset' | 'agreementInvitation';

export interface MailTexts {
  subject: string;
  /** Paragraphs before the details block. */
  intro: string[];
  /** Labels of the details lines (e-mail, password), when the mail has them. */
  emailLabel: string;
  passwordLabel: string;
  /** The call to action: a button in HTML, a line with the URL in plain text. */
  action: string;
  /** Paragraphs after the action. */
  outro: string[];
}

/**
 * Every user-facing mail text, in English and Russian; `{minutes}`, `{distributor}` and `{agreement}`
 * are filled in by the renderer.
 * The recipient's language is the account's `locale`.
 */
export const mailMessages: Record<Locale, Record<MailKind, MailTexts>> = {
  en: {
    welcome: {
      subject: 'Welcome to Chartroom',
      intro: ['Hello,', 'Your Chartroom account is ready.'],
      emailLabel: 'E-mail',
      passwordLabel: 'Password',
      action: 'Sign in',
      outro: ['You can change the password in your cabinet after signing in.'],
    },
    licenceAccount: {
      subject: 'A chart licence is waiting for you on Chartroom',
      intro: ['Hello,', 'A licence for nautical charts was issued to this e-mail on Chartroom, and an account was made for you.'],
      emailLabel: 'E-mail',
      passwordLabel: 'Password',
      action: 'Sign in to see it',
      outro: ['You can change the password in your cabinet after signing in.'],
    },
    passwordReset: {
      subject: 'Reset your Chartroom password',
      intro: ['Hello,', 'Someone asked to reset the password of the Chartroom account of this e-mail.'],
      emailLabel: 'E-mail',
      passwordLabel: 'Password',
      action: 'Choose a new password',
      outro: [
        'The link works once, for {minutes} minutes. Until it is used your current password keeps working.',
        'If you did not ask for it, ignore this mail: nothing changes.',
      ],
    },
    agreementInvitation: {
      subject: '{distributor} invites you to an agreement on Chartroom',
      intro: [
        'Hello,',
        '{distributor} invites you to join its agreement “{agreement}” on Chartroom.',
        'The distributor sees your e-mail only. If you accept, you choose which of your devices join the agreement; only those devices become visible to the distributor.',
      ],
      emailLabel: 'E-mail',
      passwordLabel: 'Password',
      action: 'Answer in your cabinet',
      outro: ['If you do not know this distributor, decline the invitation or ignore this mail: nothing changes until you accept.'],
    },
  },
  ru: {
    welcome: {
      subject: 'Добро пожаловать в Chartroom',
      intro: ['Здравствуйте!', 'Ваша учётная запись в Chartroom готова.'],
      emailLabel: 'Эл. почта',
      passwordLabel: 'Пароль',
      action: 'Войти',
      outro: ['Пароль можно сменить в личном кабинете после входа.'],
    },
    licenceAccount: {
      subject: 'В Chartroom для вас выдана лицензия на карты',
      intro: ['Здравствуйте!', 'На этот адрес в Chartroom выдана лицензия на морские карты, и для вас создана учётная запись.'],
      emailLabel: 'Эл. почта',
      passwordLabel: 'Пароль',
      action: 'Войти и посмотреть',
      outro: ['Пароль можно сменить в личном кабинете после входа.'],
    },
    passwordReset: {
      subject: 'Сброс пароля Chartroom',
      intro: ['Здравствуйте!', 'Кто-то запросил сброс пароля учётной записи Chartroom с этим адресом.'],
      emailLabel: 'Эл. почта',
      passwordLabel: 'Пароль',
      action: 'Задать новый пароль',
      outro: [
        'Ссылка действует один раз в течение {minutes} минут. Пока она не использована, прежний пароль продолжает работать.',
        'Если вы не запрашивали сброс, просто проигнорируйте это письмо: ничего не изменится.',
      ],
    },
    agreementInvitation: {
      subject: '{distributor} приглашает вас в договор в Chartroom',
      intro: [
        'Здравствуйте!',
        '{distributor} приглашает вас присоединиться к договору «{agreement}» в Chartroom.',
        'Дистрибьютор видит только ваш адрес. Приняв приглашение, вы сами выберете, какие из ваших устройств войдут в договор; дистрибьютору станут видны только они.',
      ],
      emailLabel: 'Эл. почта',
      passwordLabel: 'Пароль',
      action: 'Ответить в личном кабинете',
      outro: [
        'Если вы не знаете этого дистрибьютора, отклоните приглашение или проигнорируйте письмо: пока вы не приняли его, ничего не изменится.',
      ],
    },
  },
};
