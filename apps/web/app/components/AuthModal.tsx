import { useAccountT } from '../i18n/account';
import { ui, useUi } from '../state/ui';
import { ForgotPasswordForm, LoginForm, RegisterForm } from './account/forms';
import { Drawer } from './Drawer';

/**
 * The login/sign-up modal (the spec's authElem: login, register, forgot-pass). Focus moves in on
 * open and back to the opener on close; Escape and the close button close it.
 */
export function AuthModal() {
  const t = useAccountT();
  const elem = useUi((s) => s.authElem);
  const close = () => ui.closeAuth();
  const title =
    elem === 'register'
      ? t('auth.registerTitle')
      : elem === 'forgot-pass'
        ? t('auth.forgotTitle')
        : t('auth.loginTitle');
  return (
    <>
      <div className="backdrop" aria-hidden="true" onClick={close} />
      <Drawer labelledBy="auth-title" side="right" onClose={close}>
        <div className="drawer-head">
          <h2 id="auth-title">{title}</h2>
          <button type="button" className="btn-icon" aria-label={t('common.close')} onClick={close}>
            ×
          </button>
        </div>
        <div className="drawer-body">
          {elem === 'register' ? (
            <RegisterForm idPrefix="modal-register" onDone={close} onSwitch={ui.openAuth} />
          ) : elem === 'forgot-pass' ? (
            <ForgotPasswordForm idPrefix="modal-forgot" onSwitch={ui.openAuth} />
          ) : (
            <LoginForm idPrefix="modal-login" onDone={close} onSwitch={ui.openAuth} />
          )}
        </div>
      </Drawer>
    </>
  );
}
