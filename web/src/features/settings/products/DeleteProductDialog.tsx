import type { Product } from '@portal/contracts';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';

interface DeleteProductDialogProps {
  product: Product | null;
  deleting: boolean;
  onConfirm: (product: Product) => void;
  onCancel: () => void;
}

/** Asks before a product is deleted: dealers can no longer order it; orders that have it keep their lines. */
export function DeleteProductDialog({ product, deleting, onConfirm, onCancel }: DeleteProductDialogProps) {
  return (
    <Modal
      open={product !== null}
      title="Delete Product"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={deleting}
            busyLabel="Deleting..."
            onClick={() => product && onConfirm(product)}
          >
            Delete Product
          </Button>
        </>
      }
    >
      {product && (
        <p className="modal__text">
          Delete <strong>{product.title}</strong>? Dealers will no longer see or order it; orders that include it keep
          their lines. This cannot be undone.
        </p>
      )}
    </Modal>
  );
}
