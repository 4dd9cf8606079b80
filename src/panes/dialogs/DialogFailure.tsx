import { errorMessage } from "../../core/errorLog";
import { ChunkLoadError } from "../../data/chunkLoad";
import { UpdatedNotice } from "../views/Failure";
import { CloseFooter } from "./CloseFooter";
import { Modal } from "./Modal";

/** A dialog that threw: its error in its place, and Close (Esc); opening it again mounts it anew. */
export function DialogFailure({ error }: { error: unknown }) {
  return (
    <Modal title="This dialog stopped">
      {error instanceof ChunkLoadError ? (
        <UpdatedNotice />
      ) : (
        <div className="failure" role="alert">
          <code className="failure-error">{errorMessage(error)}</code>
          <div className="failure-detail">Close it and open it again.</div>
        </div>
      )}
      <CloseFooter />
    </Modal>
  );
}
