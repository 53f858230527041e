import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CameraIcon } from "~/components/member/member-icons";

/** The camera frame is drawn no larger than this: a face needs no more, and a phone posts it faster. */
const MAX_FRAME = 1280;

type Camera = "off" | "starting" | "live" | "failed";

/** Whether this document's Permissions-Policy lets it use the camera (Chromium tells; others try). */
function policyAllowsCamera(): boolean {
  const doc = document as Document & { featurePolicy?: { allowsFeature(f: string): boolean } };
  return doc.featurePolicy?.allowsFeature("camera") ?? true;
}

/**
 * The selfie. Without JavaScript (and whenever the camera is refused) it is a plain file input
 * that opens the front camera on a phone (`capture="user"`). With JavaScript, a live preview of the
 * front camera and a button that puts the frame into that same input as a JPEG file, so the form
 * posts the same multipart body either way and the server checks it like any other upload.
 */
export function SelfieField({ error }: { error: string | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<Camera>("off");
  const [preview, setPreview] = useState<string | null>(null);
  const errorId = error ? "selfie-error" : undefined;

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };
  // Leaving the page turns the camera off; a preview's object URL is released with it.
  useEffect(() => stop, []);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function start() {
    // A page reached without a document load keeps the policy of the page before it, which
    // allows no camera: load this page afresh, where the camera is allowed, and start there.
    if (!policyAllowsCamera()) {
      window.location.assign("/m/verify?camera=1#selfie");
      return;
    }
    setCamera("starting");
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user" }, audio: false });
      setCamera("live");
    } catch {
      stop();
      setCamera("failed");
    }
  }

  // The stream is attached once the video element is on the page.
  useEffect(() => {
    if (camera === "live" && video.current && stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => setCamera("failed"));
    }
  }, [camera]);

  // Asked for by the reload above: the player has already tapped the button once.
  useEffect(() => {
    if (hydrated && new URLSearchParams(window.location.search).get("camera") === "1" && policyAllowsCamera()) void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, [hydrated]);

  function capture() {
    const v = video.current;
    if (!v || !v.videoWidth || !input.current) return;
    const scale = Math.min(1, MAX_FRAME / Math.max(v.videoWidth, v.videoHeight));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(v.videoWidth * scale);
    canvas.height = Math.round(v.videoHeight * scale);
    canvas.getContext("2d")?.drawImage(v, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob || !input.current) return setCamera("failed");
        const files = new DataTransfer();
        files.items.add(new File([blob], "selfie.jpg", { type: "image/jpeg" }));
        input.current.files = files.files;
        setPreview(URL.createObjectURL(blob));
        stop();
        setCamera("off");
      },
      "image/jpeg",
      0.9,
    );
  }

  const cameraSupported = hydrated && typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);
  return (
    <div className="space-y-2" id="selfie">
      <label htmlFor="kyc-selfie" className="flex items-center gap-2 text-sm font-medium">
        <CameraIcon width={16} height={16} className="text-primary" />
        {t("kyc.form.selfie")}
        <span className="text-danger" aria-hidden="true">
          *
        </span>
      </label>
      <p id="selfie-hint" className="text-xs text-muted">
        {t("kyc.form.selfieHint")}
      </p>
      {camera === "live" || camera === "starting" ? (
        <div className="overflow-hidden rounded-card border border-line bg-surface-3">
          {/* Mirrored, as a phone's front camera preview is: people expect to see themselves so. */}
          <video
            ref={video}
            playsInline
            muted
            aria-label={t("kyc.form.cameraPreview")}
            className="aspect-[3/4] w-full -scale-x-100 object-cover"
          />
          <div className="grid grid-cols-2 gap-2 p-2">
            <button type="button" onClick={capture} disabled={camera !== "live"} className={buttonClass("primary", "md")}>
              {t("kyc.form.capture")}
            </button>
            <button
              type="button"
              onClick={() => {
                stop();
                setCamera("off");
              }}
              className={buttonClass("secondary", "md")}
            >
              {t("kyc.form.cancelCamera")}
            </button>
          </div>
        </div>
      ) : null}
      {preview && camera === "off" ? (
        <img
          src={preview}
          alt={t("kyc.form.selfieTaken")}
          className="mx-auto h-40 w-32 -scale-x-100 rounded-card object-cover ring-1 ring-line"
        />
      ) : null}
      {cameraSupported && camera !== "live" && camera !== "starting" ? (
        <button type="button" onClick={() => void start()} className={buttonClass("outline", "md", "w-full gap-2")}>
          <CameraIcon width={18} height={18} />
          {t(preview ? "kyc.form.retake" : "kyc.form.useCamera")}
        </button>
      ) : null}
      {camera === "failed" ? (
        <p role="status" className="text-xs text-danger">
          {t("kyc.form.cameraFailed")}
        </p>
      ) : null}
      <input
        ref={input}
        id="kyc-selfie"
        name="selfie"
        type="file"
        accept="image/*"
        capture="user"
        required
        onChange={() => setPreview(null)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, "selfie-hint"].filter(Boolean).join(" ")}
        className="block w-full text-xs text-muted file:mr-3 file:rounded-full file:border-0 file:bg-surface-3 file:px-3 file:py-2 file:text-xs file:font-semibold file:text-text"
      />
      {error ? <ErrorList id={errorId} errors={[error]} /> : null}
    </div>
  );
}
