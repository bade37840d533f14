import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Link2Off, Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authApi } from "@/features/auth/api";
import { ApiError, serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { useSession } from "@/lib/session";
import { AuthShell } from "@/features/auth/components/auth-shell";
import { StatusPanel } from "@/features/auth/components/status-panel";

export const handle = { titleKey: "auth:verify.pageTitle" };

/** With ?token= it confirms the address; without, it is the "check your mail" page with a resend button. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return token ? <VerifyToken token={token} /> : <CheckMail />;
}

function VerifyToken({ token }: { token: string }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const { isAuthenticated, refresh } = useSession();
  const [error, setError] = useState("");
  const started = useRef(false);

  useEffect(() => {
    // The token is single-use: StrictMode's double effect must not send it twice.
    if (started.current) return;
    started.current = true;
    authApi
      .verifyEmail({ token })
      .then(async () => {
        if (isAuthenticated) await refresh();
        navigate("/auth/email-verified", { replace: true });
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? e.body?.message || t("verify.failed") : t("verify.failed")));
  }, [token, navigate, isAuthenticated, refresh, t]);

  if (!error) {
    return (
      <AuthShell title={t("verify.checkingTitle")}>
        <div className="flex items-center justify-center gap-3 rounded-md border bg-card p-8 text-muted-foreground" role="status">
          <Spinner className="size-5" />
          {t("verify.checking")}
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t("verify.title")}>
      <StatusPanel tone="error" icon={Link2Off} title={t("verify.badLinkTitle")} description={error}>
        {isAuthenticated ? <ResendButton /> : (
          <Button asChild className="w-full">
            <Link to={`/login?redirect_url=${encodeURIComponent("/auth/verify-email")}`}>{t("verify.loginToResend")}</Link>
          </Button>
        )}
      </StatusPanel>
    </AuthShell>
  );
}

function CheckMail() {
  const { t } = useTranslation("auth");
  const { user, isAuthenticated } = useSession();
  if (isAuthenticated && user?.emailVerified) {
    return (
      <AuthShell title={t("verify.title")}>
        <StatusPanel tone="success" icon={Mail} title={t("verify.alreadyTitle")} description={t("verify.already", { email: user.email })}>
          <Button asChild className="w-full">
            <Link to="/">{t("verified.continue")}</Link>
          </Button>
        </StatusPanel>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t("verify.title")}>
      <StatusPanel
        tone="info"
        icon={Mail}
        title={t("verify.checkTitle")}
        description={user?.email ? t("verify.checkWithEmail", { email: user.email }) : t("verify.check")}
      >
        <p className="text-sm text-muted-foreground">{t("verify.spamHint")}</p>
        {isAuthenticated ? (
          <>
            <ResendButton />
            <Button asChild variant="ghost" className="w-full">
              <Link to="/">{t("verify.later")}</Link>
            </Button>
          </>
        ) : (
          <Button asChild className="w-full">
            <Link to="/login">{t("forgot.back")}</Link>
          </Button>
        )}
      </StatusPanel>
    </AuthShell>
  );
}

function ResendButton() {
  const { t } = useTranslation("auth");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const res = await authApi.resendVerification();
      notify({ type: "success", message: serverText(res.message, i18n.t("common:serverToasts.verificationSent")) });
      setSent(true);
    } catch {
      // the API client has already shown the server's reason
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button className="w-full" onClick={resend} loading={busy} disabled={sent}>
      {sent ? t("verify.resent") : t("verify.resend")}
    </Button>
  );
}
