// The web board's sign-in inside Discord, as an Activity: Discord's Embedded App SDK asks the player to
// authorize the application (the "identify" scope only), the bot's server exchanges the code for who the
// player is (POST /api/token) and opens a session on the game of the Activity's channel, and the SDK is
// authenticated with Discord's access token. Bundled by `npm run build` into bot/web/static/activity.js,
// which board.js loads only when the page runs inside Discord (Discord adds `frame_id` to its address) or
// with `?mock=<channel id>` (the SDK's own mock: how the tests sign in without Discord).
import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";

function sdkFor(clientId, query) {
  const mock = query.get("mock");
  if (mock) return new DiscordSDKMock(clientId, query.get("guild") || null, mock, null);
  return new DiscordSDK(clientId);
}

// -> {session, locale} for the board, or throws (the page then says it is not signed in)
async function signIn(clientId, base, query) {
  const sdk = sdkFor(clientId, query);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const response = await fetch(`${base}/api/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, channel: sdk.channelId }),
  });
  if (!response.ok) throw new Error(`sign-in refused (${response.status})`);
  const { access_token: accessToken, session } = await response.json();
  const auth = await sdk.commands.authenticate({ access_token: accessToken });
  return { session, locale: (auth && auth.user && auth.user.locale) || null };
}

window.CoalActivity = { signIn };
