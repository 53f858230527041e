import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BannerCarousel } from "~/components/banner-carousel";
import { HotGames } from "~/components/hot-games";
import { listBanners } from "~/domain/content.server";
import { listHotGames } from "~/domain/games.server";
import { lobbyCache } from "~/utils/ttl-cache.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { brand, db, lng, status } = context;
  if (!brand || !lng || status !== 0) return { banners: [], hotGames: [] };
  const mc = brand.merchantCode;
  const [banners, hotGames] = await Promise.all([
    lobbyCache.get(`banners:${mc}:m_game`, () => listBanners(db, brand, "m_game")),
    lobbyCache.get(`hot:${mc}:${lng}`, () => listHotGames(db, brand, lng)),
  ]);
  return { banners, hotGames };
}

export default function Home() {
  const { banners, hotGames } = useLoaderData<typeof loader>();
  return (
    <>
      <BannerCarousel banners={banners} />
      <HotGames games={hotGames} />
    </>
  );
}
