"""Reading a campaign file from disk, and finding the bundled ones in assets/campaigns/.

Every campaign file comes in through the bounded reader (`FileKind.CAMPAIGN`): a folder, a FIFO, a
huge or deeply nested file is refused in one line before `format` looks at a field.
"""

from __future__ import annotations

from pathlib import Path

from iwari_desktop.resources import assets_dir
from iwari_desktop.engine.files.jsonfile import JsonFileError, read_json_file
from iwari_desktop.engine.files.reader import FileKind, file_label
from iwari_desktop.engine.campaign.format import Campaign, CampaignInvalid, NotACampaign, parse_campaign
from iwari_desktop.engine.campaign.mapcheck import BoardLoader, check_maps

SOLO_CAMPAIGN = "journey"
COOP_CAMPAIGN = "coop-journey"


def campaigns_dir() -> Path:
    return assets_dir() / "campaigns"


def bundled_campaign_paths() -> tuple[Path, ...]:
    """The bundled campaign files, sorted by name (a missing folder gives none)."""
    folder = campaigns_dir()
    try:
        return tuple(sorted(p for p in folder.glob("*.json") if p.is_file()))
    except OSError:
        return ()


def bundled_campaign_path(campaign_id: str) -> Path:
    return campaigns_dir() / f"{campaign_id}.json"


def read_campaign(path: str | Path, load_board: BoardLoader | None = None) -> Campaign:
    """The campaign in the file at `path`, checked field by field and, given a loader, against its maps.

    Raises NotACampaign (unreadable, not a campaign, a newer version) or CampaignInvalid (every
    problem, one line each). The file is only read, never changed.
    """
    try:
        data = read_json_file(path, kind=FileKind.CAMPAIGN)
    except JsonFileError as error:
        raise NotACampaign(error.text or str(error)) from None
    name = file_label(path)
    campaign = parse_campaign(data, name)
    if load_board is not None:
        problems = check_maps(campaign, load_board)
        if problems:
            raise CampaignInvalid(name, problems)
    return campaign
