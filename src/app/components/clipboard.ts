/**
 * Writing text to the clipboard: the async clipboard, or the old selection-based copy where it
 * is refused (no permission, the page not focused). Resolves to whether the text was copied.
 */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok: boolean;
    try {
      ok = document.execCommand('copy'); // the fallback where the async clipboard is refused
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
