import { useTranslation } from "~/components/ui/i18n";
import { UserIcon } from "~/components/ui/icons";

/** The member's picture, or the generic figure until they choose one. */
export function MemberAvatar({ url, size }: { url: string | null; size: number }) {
  const { t } = useTranslation();
  const box = { width: size, height: size };
  if (url) {
    return (
      <img
        src={url}
        alt={t("settings.avatar.alt")}
        {...box}
        className="shrink-0 rounded-full border-2 border-primary/60 object-cover"
        data-testid="avatar"
      />
    );
  }
  return (
    <span style={box} className="flex shrink-0 items-center justify-center rounded-full bg-primary text-on-primary">
      <UserIcon width={size / 2} height={size / 2} />
    </span>
  );
}
