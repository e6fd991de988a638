/** The offline feature's public face: saving a liked song's audio for offline play (the service worker's registration is the app shell's, in main.tsx). */
export { forgetAudio, saveAudio, useSavedForOffline } from "./saved-audio";
